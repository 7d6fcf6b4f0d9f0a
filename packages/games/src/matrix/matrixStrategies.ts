import type { Strategy } from '../engine/types.ts';
import type { MatrixDecision } from './matrixDecision.ts';
import type { MatrixView } from './matrixTypes.ts';
import { alwaysCooperate } from './strategies/alwaysCooperate.ts';
import { alwaysDefect } from './strategies/alwaysDefect.ts';
import { caseAliases } from './strategies/caseAliases.ts';
import { davis } from './strategies/davis.ts';
import { detective } from './strategies/detective.ts';
import { feld } from './strategies/feld.ts';
import { generousTitForTat } from './strategies/generousTitForTat.ts';
import { grofman } from './strategies/grofman.ts';
import { grudger } from './strategies/grudger.ts';
import { joss } from './strategies/joss.ts';
import { pavlov } from './strategies/pavlov.ts';
import { random } from './strategies/random.ts';
import { shubik } from './strategies/shubik.ts';
import { suspiciousTitForTat } from './strategies/suspiciousTitForTat.ts';
import { tester } from './strategies/tester.ts';
import { titForTat } from './strategies/titForTat.ts';
import { titForTwoTats } from './strategies/titForTwoTats.ts';
import { tullock } from './strategies/tullock.ts';

/** Axelrod's classics by their usual names: each a different rule. */
export const AXELROD_CAST = [titForTat, titForTwoTats, suspiciousTitForTat, grudger, alwaysCooperate, alwaysDefect, random, joss, tester, pavlov, generousTitForTat, davis, feld, tullock, shubik, grofman].map((s) => s.name);

/** The Evolution of Trust's eight characters by Case's names (his Copycat is `tit-for-tat` under another name, and so on). */
export const CASE_CAST = ['copycat', 'cheater', 'cooperator', 'grudger', 'detective', 'copykitten', 'simpleton', 'random'];

/**
 * Every baseline by name: Axelrod's classics, Case's Detective, and Case's
 * names for the classics his game plays (aliases: a line-up of every name
 * plays some rules twice; `AXELROD_CAST` and `CASE_CAST` name each rule once).
 */
export const matrixStrategies: Record<string, Strategy<MatrixView, MatrixDecision>> = Object.fromEntries(
  [titForTat, titForTwoTats, suspiciousTitForTat, grudger, alwaysCooperate, alwaysDefect, random, joss, tester, pavlov, generousTitForTat, davis, feld, tullock, shubik, grofman, detective, ...caseAliases].map((s) => [s.name, s]),
);
