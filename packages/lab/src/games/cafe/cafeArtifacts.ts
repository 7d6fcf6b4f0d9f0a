import type { GameLogEvent } from '@the-house/games/engine/types.ts';
import { analyzeCafe } from '@the-house/games/cafe/analysis/analyzeCafe.ts';
import { describeOutcome } from '@the-house/games/narrations.ts';
import { narratedTimeline } from '../../report/narratedTimeline.ts';
import { cafeReportHtml } from './cafeReportHtml.ts';
import { cafeReportMarkdown } from './cafeReportMarkdown.ts';
import type { CafeState } from '@the-house/games/cafe/cafeTypes.ts';
import { cafeRoundLogs } from './cafeRoundLogs.ts';

/** The folder of per-round logs, named as the spec's runner names it. */
export const ROUND_LOG_DIR = 'output_elimination_v3';

/**
 * What `play --out` writes for a Café match beside events.jsonl and
 * state.json: the HTML analysis (help network, banks, levels, Gini, with the
 * ending and every round in words: challenges, answers, verdicts), the same
 * answers as Markdown, and one JSON log per round in output_elimination_v3/.
 */
export function cafeArtifacts(state: CafeState, events: readonly GameLogEvent[]): Record<string, string> {
  const analysis = analyzeCafe(events);
  const files: Record<string, string> = {
    'report.html': cafeReportHtml(analysis, `Café match, seed ${state.seed}`, {
      ending: describeOutcome('cafe', state),
      timeline: narratedTimeline(events, { game: 'cafe', players: state.players, over: state.result.over }),
    }),
    'analysis.md': `${cafeReportMarkdown(analysis)}\n`,
  };
  for (const { file, json } of cafeRoundLogs(events)) files[`${ROUND_LOG_DIR}/${file}`] = `${JSON.stringify(json, null, 2)}\n`;
  return files;
}
