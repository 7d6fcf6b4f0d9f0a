// A sweep worker thread: receives SweepJobs, answers each with its SweepResult (or an error line).
import { runSweepJob, type SweepJob } from './sweepJob.ts';

const scope = globalThis as unknown as { onmessage: ((e: MessageEvent<SweepJob>) => void) | null; postMessage(message: unknown): void };

scope.onmessage = (e) => {
  try {
    scope.postMessage({ ok: true, result: runSweepJob(e.data) });
  } catch (error) {
    scope.postMessage({ ok: false, id: e.data.id, error: error instanceof Error ? error.message : String(error) });
  }
};
