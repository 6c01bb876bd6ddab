/**
 * The analysis pool's worker (piscina runs one per thread, pool.ts): runs one task and tells
 * the pool, on the port sent with it, which document it starts reading, so the pool can stop
 * a reading that runs past its budget by ending this thread. Built with the servers into
 * dist/proxy/analysis-pool/worker.js; the tests run it from the sources through tsx's loader.
 */
import type { FetchedFile } from '../../shared/values.js';
import { runTask, type AnalysisTask, type TaskKind, type TaskResults } from './tasks.js';

/** The part of a MessagePort a task uses (a test's worker may wrap it). */
export interface ReadingPort {
  postMessage(file: FetchedFile): void;
  close(): void;
}

export interface WorkerMessage {
  task: AnalysisTask;
  port: ReadingPort;
}

/**
 * The result as JSON text: a large record (a robots.txt of thousands of groups gives a full
 * record of over 1 MB) crosses to the thread that answers as one string, and JSON.parse there
 * costs a third of what reading a structured clone of the same objects does.
 */
export function analyse({ task, port }: WorkerMessage): string {
  try {
    const result: TaskResults[TaskKind] = runTask(task, { reading: (file) => port.postMessage(file) });
    return JSON.stringify(result);
  } finally {
    port.close();
  }
}
