import type { Strategy } from '../../engine/types.ts';
import type { CafeDecision } from '../cafeDecision.ts';
import type { CafeView } from '../cafeTypes.ts';
import { creditUnion } from './creditUnion.ts';
import { freeRider } from './freeRider.ts';
import { hoarder } from './hoarder.ts';
import { predatoryLender } from './predatoryLender.ts';
import { strategicBetrayer } from './strategicBetrayer.ts';

/** The spec's archetypes as offline brains, by name. */
export const cafeStrategies: Record<string, Strategy<CafeView, CafeDecision>> = Object.fromEntries(
  [creditUnion, predatoryLender, hoarder, freeRider, strategicBetrayer].map((s) => [s.name, s]),
);
