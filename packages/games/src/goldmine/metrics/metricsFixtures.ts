import type { Spend } from '../goldmineTypes.ts';
import type { MatchHistory, MetricRound } from './roundCounts.ts';

const spend = (s: Partial<Spend>): Spend => ({ claim: 0, raid: 0, defend: 0, mine: 0, ...s });

/**
 * A hand-played 2x2 match, 2 players, S = 4, cap 3, 4 rounds:
 * 1. seat 0 claims plots 0 and 1, seat 1 claims plot 2.
 * 2. seat 0 defends plot 0 and mines it (3); seat 1 raids plot 1 (undefended: taken) and mines plot 2 (3).
 * 3. seat 0 raids plot 1 (defended by seat 1: blocked) and mines plot 0 (3); seat 1 defends plot 1 and mines plot 2 (2).
 * 4. seat 0 mines plot 0 (3); seat 1 mines plot 2 (3).
 */
export const handHistory: MatchHistory = {
  players: 2,
  plots: 4,
  stamina: 4,
  cap: 3,
  alpha: 1,
  logs: [
    {
      round: 1,
      claims: [
        { plot: 0, by: [0], winner: 0 },
        { plot: 1, by: [0], winner: 0 },
        { plot: 2, by: [1], winner: 1 },
      ],
      raids: [],
      defended: [],
      owner: [0, 0, 1, -1],
      gold: [0, 0],
      gained: [0, 0],
      spent: [spend({ claim: 2 }), spend({ claim: 1 })],
    },
    {
      round: 2,
      claims: [],
      raids: [{ plot: 1, owner: 0, by: [1], defended: false, truce: false, blocked: [], winner: 1 }],
      defended: [0],
      owner: [0, 1, 1, -1],
      gold: [3, 3],
      gained: [3, 3],
      spent: [spend({ defend: 1, mine: 3 }), spend({ raid: 1, mine: 3 })],
    },
    {
      round: 3,
      claims: [],
      raids: [{ plot: 1, owner: 1, by: [0], defended: true, truce: false, blocked: [0], winner: -1 }],
      defended: [1],
      owner: [0, 1, 1, -1],
      gold: [6, 5],
      gained: [3, 2],
      spent: [spend({ raid: 1, mine: 3 }), spend({ defend: 1, mine: 2 })],
    },
    {
      round: 4,
      claims: [],
      raids: [],
      defended: [],
      owner: [0, 1, 1, -1],
      gold: [9, 8],
      gained: [3, 3],
      spent: [spend({ mine: 3 }), spend({ mine: 3 })],
    },
  ] satisfies MetricRound[],
};

/** One plot changing hands: seat 0 from round 1, seat 1 takes it in round 2, seat 0 takes it back in round 4; 6 rounds. */
export function flipHistory(): MatchHistory {
  const owners = [0, 1, 1, 0, 0, 0];
  const logs: MetricRound[] = owners.map((o, i) => ({
    round: i + 1,
    claims: [],
    raids: i > 0 && owners[i - 1] !== o ? [{ plot: 0, owner: owners[i - 1]!, by: [o], defended: false, truce: false, blocked: [], winner: o }] : [],
    defended: [],
    owner: [o],
    gold: [0, 0],
    gained: [0, 0],
    spent: [spend({}), spend({})],
  }));
  return { players: 2, plots: 1, stamina: 1, cap: 3, alpha: 1, logs };
}
