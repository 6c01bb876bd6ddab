/**
 * The real analysis worker (proxy/analysis-pool/worker.ts) with faults a test asks for by the
 * crawled domain's name, so the pool's handling of them is tested whatever the readers' speed:
 * a domain starting `slow-<file>.` makes the reading of that document spin for a minute (a
 * document no reader gets through in its budget); `crash-<file>.` ends the worker thread while
 * it reads that document; `throw-<file>.` throws there. Classifications and the crawler's
 * homepage and terms readings take the domain from their input; robots.txt readings, none.
 * Used by AnalysisPool's `worker` option (tests only).
 */
import type { FetchedFile } from '../../shared/values.js';
import { analyse as realAnalyse, type WorkerMessage } from '../../proxy/analysis-pool/worker.js';
import type { AnalysisTask } from '../../proxy/analysis-pool/tasks.js';

function siteOf(task: AnalysisTask): string {
  switch (task.kind) {
    case 'classify':
      return task.evidence.domain;
    case 'terms-link':
      return task.domain;
    case 'looks-like-terms':
      return new URL(task.page.url).hostname;
    case 'robots-match':
      return '';
    case 'licence-ref':
      return task.homepage.kind === 'response' ? new URL(task.homepage.url).hostname : '';
  }
}

/** Busy, as a reader stuck on a document is (ending the thread stops it). */
function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

export function analyse(m: WorkerMessage): string {
  const [, fault, file] = /^(slow|crash|throw)-([a-z_]+)\./.exec(siteOf(m.task)) ?? [];
  const port = {
    postMessage(reading: FetchedFile) {
      m.port.postMessage(reading);
      if (reading !== file) return;
      if (fault === 'slow') spin(60_000);
      if (fault === 'crash') process.exit(3);
      if (fault === 'throw') throw new Error(`a reader bug on ${reading}`);
    },
    close: () => m.port.close(),
  };
  return realAnalyse({ task: m.task, port });
}
