import { axelrodTournament } from './axelrodTournament.ts';
import { evolutionOfTrust } from './evolutionOfTrust.ts';
import { goldmineOdd } from './goldmineOdd.ts';
import type { ReproducePreset } from './preset.ts';

/** Every preset by name, in the order help lists them. */
export const reproducePresets: ReadonlyMap<string, ReproducePreset<any>> = new Map<string, ReproducePreset<any>>([evolutionOfTrust, axelrodTournament, goldmineOdd].map((p) => [p.name, p]));
