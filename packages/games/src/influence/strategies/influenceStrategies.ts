import type { Strategy } from '../../engine/types.ts';
import type { InfluenceDecision } from '../influenceDecision.ts';
import type { InfluenceView } from '../influenceView.ts';
import { allianceFormer } from './allianceFormer.ts';
import { paranoidPlayer } from './paranoidPlayer.ts';
import { randomPlayer } from './randomPlayer.ts';
import { rumourMonger } from './rumourMonger.ts';

/** Influence's offline brains, by name. */
export const influenceStrategies: Record<string, Strategy<InfluenceView, InfluenceDecision>> = {
  [allianceFormer.name]: allianceFormer,
  [rumourMonger.name]: rumourMonger,
  [paranoidPlayer.name]: paranoidPlayer,
  [randomPlayer.name]: randomPlayer,
};
