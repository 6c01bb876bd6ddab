/**
 * The version of the rules classify() follows. Every stored record remembers the version that
 * made it; a crawling process that starts with a newer one re-derives the older records from the
 * evidence kept in their audit entries (proxy/service/reclassify.ts), so a self-hoster who
 * upgrades sees the new readings on every record at once, not at each record's next crawl.
 *
 * Bump it by one in the change that makes classify() answer differently for some evidence: a
 * new reading of a file, a new or renamed field, a changed explanation or score. The test
 * test/unit/analysis/rules-version.test.ts keeps a digest of classify() over the stance fixture
 * sites for this version and fails until the version is bumped (then record the new digest there).
 * Records stored before records named their rules count as version 0.
 */
export const RULES_VERSION = 18;
