/**
 * Reading crawled documents off the request path, each within a time budget (pool.ts): the
 * service's classifications and the crawler's robots.txt gate and homepage scan all go here.
 */
export { AnalysisPool, DEFAULT_BUDGET_MS, defaultThreads } from './pool.js';
export type { AnalysisPoolOptions, PoolStats, Reading } from './pool.js';
export type { AnalysisTask, EarlyReading, TermsLead } from './tasks.js';
