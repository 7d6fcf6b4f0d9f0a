import type { InfluenceState } from '@the-house/games/influence/influenceTypes.ts';

function votes(tally: Record<string, number>): string {
  const named = Object.entries(tally)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([p, n]) => `${p} ${n}`);
  return named.length ? named.join(', ') : 'none';
}

/**
 * A finished Influence round in one message: the vote counts (the moderator
 * lines name only who is empowered and exposed), the power action, who went
 * out and who is left. `null` for a round the state does not hold.
 */
export function influenceRoundText(round: number, s: InfluenceState): string | null {
  const r = s.rounds.find((x) => x.round === round);
  if (!r) return null;
  const action = r.action ? `${r.empowered} chose to ${r.action.action} ${r.action.target}${r.action.auto ? ' (auto-filled)' : ''}` : `${r.empowered} took no action`;
  const out = r.eliminated.length ? r.eliminated.map((e) => `${e.player} out (${e.reason})`).join(', ') : 'no one out';
  return `[influence] Round ${round}: empower votes ${votes(r.empowerVotes)}; expose votes ${votes(r.exposeVotes)}. ${action}; ${out}. Alive: ${r.alive.join(', ')}.`;
}
