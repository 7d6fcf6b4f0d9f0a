import type { InfluenceState } from '../influenceTypes.ts';

/**
 * A finished or running game as the lines a reader would follow: whispers (with
 * their channel), public posts, ballots, the tally, the power action and who
 * went out. Strategy tests compare these transcripts, move by move.
 */
export function transcript(state: InfluenceState, round?: number): string[] {
  const lines: string[] = [];
  for (const e of state.log) {
    if (round !== undefined && e.round !== round) continue;
    const d = (e.data ?? {}) as Record<string, unknown>;
    const r = `R${e.round}`;
    if (e.type === 'dm') lines.push(`${r} ${d.from} → ${d.channel}: ${d.text}`);
    else if (e.type === 'public') lines.push(`${r} ${d.from} posts: ${d.text}${d.auto ? ' (auto)' : ''}`);
    else if (e.type === 'vote' && d.kind) lines.push(`${r} ${d.voter} ${d.kind}s ${d.target}`);
    else if (e.type === 'vote') lines.push(`${r} ${d.voter} auto-votes empower ${d.empower}${d.expose ? `, expose ${d.expose}` : ''}`);
    else if (e.type === 'votes') lines.push(`${r} tally: ${d.empowered} empowered; exposed ${(d.exposed as string[]).join(', ') || 'no one'}`);
    else if (e.type === 'power') lines.push(`${r} ${d.by} ${d.action === 'eliminate' ? 'eliminates' : 'protects'} ${d.target}${d.auto ? ' (auto)' : ''}`);
    else if (e.type === 'eliminated') lines.push(`${r} out: ${d.player} (${d.reason})`);
    else if (e.type === 'game_over') lines.push(`winner: ${d.winner}`);
  }
  return lines;
}
