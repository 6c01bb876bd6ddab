/** Evidence text as the records keep it (ExplanationSchema, DecidingSignalSchema): trimmed, at most 300 characters, null when empty. */
const MAX_EVIDENCE = 300;

export const clip = (s: string | null | undefined): string | null =>
  s == null ? null : s.trim().slice(0, MAX_EVIDENCE) || null;
