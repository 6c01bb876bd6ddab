/**
 * RFC 7240 `Prefer: wait=N` (section 4.3): the client would rather wait up to N seconds for a
 * finished answer than get a provisional one. The service waits for a queued domain's first
 * analysis, at most MAX_WAIT_S, and says so with `Preference-Applied` (section 3). Both servers
 * read the header with this one parser.
 */
export const MAX_WAIT_S = 10;

/** The wait asked for, in whole seconds capped at MAX_WAIT_S; undefined when none is asked. */
export function preferredWait(header: string | undefined): number | undefined {
  if (!header) return undefined;
  // Preferences are comma separated; each is `token [= value]` followed by `; parameters` (section 2).
  for (const pref of header.split(',')) {
    const [name = '', value] = (pref.split(';')[0] ?? '').split('=').map((s) => s.trim());
    if (name.toLowerCase() !== 'wait' || value === undefined) continue;
    const seconds = value.replace(/^"(.*)"$/, '$1');
    if (/^\d{1,9}$/.test(seconds)) return Math.min(Number(seconds), MAX_WAIT_S);
  }
  return undefined;
}
