/**
 * The cache keys of the answers about one domain: one per document (the seed's lookup and full
 * record, the announced surface's policy, score and history) and the batch item. Dropping a
 * domain from the cache (its record was stored again, a check of it was asked for) drops them
 * all.
 */
export type DomainRead = 'lookup' | 'full' | 'policy' | 'score' | 'history';

const PREFIX: Record<DomainRead, string> = { lookup: 'l:', full: 'f:', policy: 'p:', score: 's:', history: 'h:' };
const BATCH_ITEM = 'b:';
const ALL = [...Object.values(PREFIX), BATCH_ITEM];

export const keyOf = (kind: DomainRead, domain: string): string => PREFIX[kind] + domain;
export const batchKeyOf = (domain: string): string => BATCH_ITEM + domain;

/** Every key that may hold an answer about `domain`. */
export const keysOf = (domain: string): string[] => ALL.map((p) => p + domain);

/** Every key about `domain` except `kind`'s own. */
export const otherKeysOf = (domain: string, kind: DomainRead): string[] => {
  const own = keyOf(kind, domain);
  return keysOf(domain).filter((k) => k !== own);
};
