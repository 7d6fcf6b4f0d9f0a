import type { Strategy } from '../engine/types.ts';
import { alwaysCheat } from './strategies/alwaysCheat.ts';
import { alwaysCooperate } from './strategies/alwaysCooperate.ts';
import { copycat } from './strategies/copycat.ts';
import { copykitten } from './strategies/copykitten.ts';
import { detective } from './strategies/detective.ts';
import { grudger } from './strategies/grudger.ts';
import { guardian } from './strategies/guardian.ts';
import { prudent } from './strategies/prudent.ts';
import { random } from './strategies/random.ts';
import { simpleton } from './strategies/simpleton.ts';
import type { TrustDecision } from './trustDecision.ts';
import type { TrustView } from './trustTypes.ts';

/** The baseline cast, by name: The Evolution of Trust's eight plus two careful players. */
export const trustStrategies: Record<string, Strategy<TrustView, TrustDecision>> = Object.fromEntries(
  [copycat, alwaysCooperate, alwaysCheat, grudger, detective, copykitten, simpleton, random, prudent, guardian].map((s) => [s.name, s]),
);
