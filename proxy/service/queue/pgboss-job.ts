/**
 * What the pg-boss queue (pgboss-jobs.ts) and its workers (pgboss-workers.ts) both name: the
 * queue, its schema, and a crawl job's data. Apart, so neither of the two imports the other's values.
 */
export const CRAWL_QUEUE = 'lens-crawl';
export const BOSS_SCHEMA = 'pgboss';

export interface JobData {
  domain: string;
  /** When the job was asked for, by the service's clock: "check again" counts from it. */
  enqueuedMs: number;
  /** The retry of a failed check (docs/policy.md section 8), sent to start later: counted apart, never promoted. */
  retry?: boolean;
  /** Whose turns the job takes (ReadOptions.client; absent: the shared lane). */
  client?: string;
}
