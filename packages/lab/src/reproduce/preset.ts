/** What a preset's run hands back; the command writes it into the out dir with the manifest. */
export interface PresetOutput {
  /** results.csv: one row per measured value. */
  csv: string;
  /** report.md: the answer, the figures and the plots by file name. */
  report: string;
  /** The report's plots, by file name (`.png`), as SVG: the command draws them. */
  pictures: ReadonlyMap<string, string>;
  /** The few lines printed when the run is over. */
  summary: string;
}

/** A named, fixed experiment. Its config is data (written whole into the manifest); `run` plays it. */
export interface ReproducePreset<C = unknown> {
  name: string;
  /** The question it answers, in a line (help and README). */
  answers: string;
  defaultSeeds: number;
  /** Why it cannot run on the queue, one line; null when it can. */
  noQueue: string | null;
  config(seeds: number): C;
  run(config: C, context: RunContext): Promise<PresetOutput>;
}

/** How a run reports and where it plays. */
export interface RunContext {
  progress(line: string): void;
  /** The queue's PostgreSQL URL when `--queue` was given (only for a preset that takes it), else null. */
  queue: string | null;
}

/** Seeds 1..n, the seeds every preset plays. */
export const seedList = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
