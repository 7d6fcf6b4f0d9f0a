import { copyFileSync, existsSync, mkdirSync, renameSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { promptFileSink } from '@the-house/lab/models/matchBundle.ts';
import type { PromptSink } from '@the-house/lab/models/matchRecorder.ts';

/**
 * Where a match's prompt texts live. Each holds a player's view (its DMs,
 * its misses): while the match runs they stay in the House's own folder
 * (`<data dir>/prompts`, never shared; RULES S-a), and once it is over they
 * go beside its match file, in the folder people may be given.
 */
export class PromptTexts {
  constructor(
    private readonly privateDir: string,
    private readonly id: string,
  ) {}

  private get path(): string {
    return join(this.privateDir, `${this.id}.prompts.jsonl`);
  }

  /** A sink that appends to the private file, made on its first text. */
  sink(onError: (error: unknown) => void): PromptSink {
    let sink: PromptSink | null = null;
    return (entry) => {
      try {
        (sink ??= promptFileSink(this.privateDir, this.id))(entry);
      } catch (error) {
        onError(error);
      }
    };
  }

  /** The match is over: its texts join its match file in `matchDir` (across file systems too). */
  publish(matchDir: string): void {
    if (!existsSync(this.path)) return;
    mkdirSync(matchDir, { recursive: true });
    const to = join(matchDir, `${this.id}.prompts.jsonl`);
    try {
      renameSync(this.path, to);
    } catch {
      copyFileSync(this.path, to);
      unlinkSync(this.path);
    }
  }
}
