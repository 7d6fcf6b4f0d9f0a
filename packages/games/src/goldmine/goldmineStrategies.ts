import type { Strategy } from '../engine/types.ts';
import type { GoldmineDecision } from './goldmineDecision.ts';
import type { GoldmineView } from './goldmineTypes.ts';
import { defendThenMine } from './strategies/defendThenMine.ts';
import { greedyMine } from './strategies/greedyMine.ts';
import { randomMiner } from './strategies/randomMiner.ts';
import { titForTatRaid } from './strategies/titForTatRaid.ts';

/** The ODD's baselines, by the names sweeps and `--players` use. */
export const goldmineStrategies: Record<string, Strategy<GoldmineView, GoldmineDecision>> = {
  random: randomMiner,
  'greedy-mine': greedyMine,
  'defend-then-mine': defendThenMine,
  'tit-for-tat-raid': titForTatRaid,
};
