import type { Elimination, InfluenceState } from '@the-house/games/influence/influenceTypes.ts';

function votes(tally: Record<string, number>): string {
  const named = Object.entries(tally)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([p, n]) => `${p} ${n}`);
  return named.length ? named.join(', ') : 'none';
}

function out(e: Elimination): string {
  if (e.reason === 'inactivity') return `${e.player} out for inactivity`;
  if (e.reason === 'exposure') return `${e.player} out as the most exposed`;
  return `${e.player} out, eliminated by the empowered`;
}

/**
 * A finished Influence round in one message: the vote counts (the moderator
 * lines name only who is empowered and exposed), the power action, who went
 * out and who is left. `null` for a round the state does not hold.
 */
export function influenceRoundSummary(round: number, s: InfluenceState): string | null {
  const r = s.rounds.find((x) => x.round === round);
  if (!r) return null;
  const action = r.action ? `${r.empowered} chose to ${r.action.action} ${r.action.target}${r.action.auto ? ' (auto-filled)' : ''}` : `${r.empowered} took no action`;
  const gone = r.eliminated.length ? r.eliminated.map(out).join(', ') : 'no one out';
  return `[influence] Round ${round}: empower votes ${votes(r.empowerVotes)}; expose votes ${votes(r.exposeVotes)}. ${action}; ${gone}. Alive: ${r.alive.join(', ')}.`;
}

/**
 * The room's text for a finished round (the adapter's `roundText`): its
 * summary, except for the round that ended the game, whose summary the phase's
 * own posts put before the win line (`phasePosts`), so the room reads the
 * round, then who won.
 */
export function influenceRoundText(round: number, s: InfluenceState): string | null {
  if (s.phase === 'END' && s.rounds.at(-1)?.round === round) return null;
  return influenceRoundSummary(round, s);
}
