import { axelrodTournament } from './axelrodTournament.ts';
import { cafeEconomy } from './cafeEconomy.ts';
import { evolutionOfTrust } from './evolutionOfTrust.ts';
import { goldmineOdd } from './goldmineOdd.ts';
import type { ReproducePreset } from './preset.ts';
import { trustReplicate } from './trustReplicate.ts';

/** Every preset by name, in the order help lists them. */
export const reproducePresets: ReadonlyMap<string, ReproducePreset<any>> = new Map<string, ReproducePreset<any>>([evolutionOfTrust, axelrodTournament, goldmineOdd, trustReplicate, cafeEconomy].map((p) => [p.name, p]));
