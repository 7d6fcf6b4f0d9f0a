// A worker thread of `runRuns`: receives batches of RunSpecs, answers each batch with each run's result or failure.
import { playRunReply } from './playRun.ts';
import type { RunSpec } from './runSpec.ts';

const scope = globalThis as unknown as { onmessage: ((e: MessageEvent<RunSpec[]>) => void) | null; postMessage(message: unknown): void };

scope.onmessage = (e) => {
  scope.postMessage(e.data.map(playRunReply));
};
