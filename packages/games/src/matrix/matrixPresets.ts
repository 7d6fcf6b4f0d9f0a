/**
 * A 2x2 game as one player sees it: its payoff for its own move against the
 * other's (R both C, S it C and the other D, T it D and the other C, P both D).
 */
export interface Payoffs {
  R: number;
  S: number;
  T: number;
  P: number;
}

/**
 * Both roles' payoffs. A pair's first seat plays `row`, the other `column`;
 * in a symmetric game they are the same.
 */
export interface Bimatrix {
  row: Payoffs;
  column: Payoffs;
}

export interface Preset {
  title: string;
  payoffs: Bimatrix;
  /** What C and D mean in this game, for people and models. */
  moves: { C: string; D: string };
  /** Where the numbers come from. */
  source: string;
}

const same = (p: Payoffs): Bimatrix => ({ row: p, column: p });

/** Every preset by name; `prisoners-dilemma` is the default. */
export const PRESETS = {
  'prisoners-dilemma': {
    title: "Prisoner's Dilemma",
    payoffs: same({ R: 3, S: 0, T: 5, P: 1 }),
    moves: { C: 'cooperate', D: 'defect' },
    source: "Axelrod (1980), Effective Choice in the Prisoner's Dilemma: the payoffs of both his tournaments",
  },
  'stag-hunt': {
    title: 'Stag Hunt',
    payoffs: same({ R: 4, S: 0, T: 3, P: 3 }),
    moves: { C: 'hunt the stag (it takes both)', D: 'hunt a hare (alone)' },
    source: 'Skyrms (2004), The Stag Hunt and the Evolution of Social Structure: a stag is worth 4 when both hunt it, a hare 3 whatever the other does',
  },
  chicken: {
    title: 'Chicken (Hawk-Dove)',
    payoffs: same({ R: 0, S: -1, T: 1, P: -10 }),
    moves: { C: 'swerve (dove)', D: 'drive straight on (hawk)' },
    source: 'the Axelrod Python library, docs/how-to/use_different_stage_games.rst: Game(r=0, s=-1, t=1, p=-10)',
  },
  'battle-of-the-sexes': {
    title: 'Battle of the Sexes',
    payoffs: { row: { R: 2, S: 0, T: 0, P: 1 }, column: { R: 1, S: 0, T: 0, P: 2 } },
    moves: { C: "go to the row player's favourite (the opera)", D: "go to the column player's favourite (the match)" },
    source: 'Luce and Raiffa (1957), Games and Decisions: (2, 1) when both choose the opera, (1, 2) when both choose the match, 0 apart',
  },
  'evolution-of-trust': {
    title: 'The Evolution of Trust',
    payoffs: same({ R: 2, S: -1, T: 3, P: 0 }),
    moves: { C: 'put a coin in (it costs you 1 and gives the other 3)', D: 'cheat (put nothing in)' },
    source: 'Nicky Case (2017), The Evolution of Trust, js/sims/PD.js PAYOFFS_DEFAULT; Case plays 10 rounds a match',
  },
} as const satisfies Record<string, Preset>;

export type PresetName = keyof typeof PRESETS;

export const PRESET_NAMES = Object.keys(PRESETS) as [PresetName, ...PresetName[]];

/** Whether both roles get the same payoffs (then roles do not matter and are not shown). */
export function symmetric(payoffs: Bimatrix): boolean {
  const { row: r, column: c } = payoffs;
  return r.R === c.R && r.S === c.S && r.T === c.T && r.P === c.P;
}

/** The payoff of a player with `payoffs` who played `mine` against `theirs`. */
export function payoff(payoffs: Payoffs, mine: 'C' | 'D', theirs: 'C' | 'D'): number {
  if (mine === 'C') return theirs === 'C' ? payoffs.R : payoffs.S;
  return theirs === 'C' ? payoffs.T : payoffs.P;
}
