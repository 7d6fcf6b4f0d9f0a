import { describeOutcome } from '@the-house/games/narrations.ts';
import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import type { MatchDetail } from '../../types.ts';
import { chartBox, type ChartSpec, type Rendered } from '../../dashboard/chartSpec.ts';
import { domId } from '../../dashboard/domId.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';

const e = escapeHtml;

interface Tally {
  round?: number;
  empowered?: string | null;
  empowerVotes?: Record<string, number>;
  exposeVotes?: Record<string, number>;
  exposed?: string[];
  exposedAtVote?: string[];
  action?: { action: string; target: string; auto?: boolean } | null;
  eliminated?: Array<{ player: string; reason?: string; last?: string }>;
}

interface InfluenceLike {
  phase?: string;
  round?: number;
  players?: string[];
  alive?: Record<string, boolean>;
  empowered?: string | null;
  empowerVotes?: Record<string, number>;
  exposeVotes?: Record<string, number>;
  exposed?: string[];
  rounds?: Tally[];
  posts?: Array<{ round: number; from: string; text: string; image?: string; auto?: boolean }>;
  channels?: Array<{ members: string[]; openedBy?: string; round?: number; locked?: boolean; messages?: Array<{ from: string; text: string; round: number }> }>;
  winner?: string | null;
  publishedHead?: string | null;
}

/** One row per finished round: who held the power, who was exposed, what the power did, who went out (with the last message). */
function roundsTable(rounds: readonly Tally[]): string {
  if (!rounds.length) return '';
  const rows = rounds
    .map((r) => {
      const action = r.action ? `${e(r.action.action)} ${e(r.action.target)}${r.action.auto ? ' <span class="muted">(auto-filled)</span>' : ''}` : '';
      const out = (r.eliminated ?? []).map((x) => `${e(x.player)} (${e(x.reason ?? 'out')})${x.last !== undefined ? `: <i>“${e(x.last)}”</i>` : ''}`).join('; ');
      return `<tr data-round="${r.round}"><td class="num">${r.round}</td><td>${e(r.empowered ?? '')}</td><td>${(r.exposedAtVote ?? r.exposed ?? []).map(e).join(', ')}</td><td>${action}</td><td>${out || '<span class="muted">no one</span>'}</td></tr>`;
    })
    .join('');
  return `<h3>Rounds</h3><table class="rounds"><thead><tr><th class="num">round</th><th>empowered</th><th>exposed</th><th>power</th><th>eliminated</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The public messages of the round being played (or the last one). */
function rumours(s: InfluenceLike): string {
  const round = s.round ?? 0;
  const posts = (s.posts ?? []).filter((p) => p.round === round);
  if (!posts.length) return '';
  const items = posts
    .map((p) => `<li><b>${e(p.from)}</b>: ${p.image ? `<a href="${e(p.image)}" rel="noreferrer">${e(p.image)}</a>` : e(p.text)}${p.auto ? ' <span class="muted">(auto-filled)</span>' : ''}</li>`)
    .join('');
  return `<h3>Rumours, round ${round}</h3><ul class="rumours">${items}</ul>`;
}

/**
 * DMs are private while the game runs, and so is how many there are (RULES
 * I-d, S-a: no channel or DM count on the public page); once it is over they
 * are revealed (spec section 9), each channel with its messages.
 */
function dms(s: InfluenceLike): string {
  const channels = s.channels ?? [];
  if (s.phase !== 'END') return '<p class="muted dms">DMs are private: they are revealed when the game ends.</p>';
  if (!channels.length) return '<h3>DMs, revealed</h3><p class="muted">No private channels were opened.</p>';
  const cards = channels
    .map((c) => {
      const rows = (c.messages ?? []).map((m) => `<tr><td class="num">R${m.round}</td><td>${e(m.from)}</td><td>${e(m.text)}</td></tr>`).join('');
      return `<div class="channel"><b>${c.members.map(e).join(' + ')}</b>${c.locked ? ' <span class="muted">(locked)</span>' : ''}<table>${rows || '<tr><td class="muted">no messages</td></tr>'}</table></div>`;
    })
    .join('');
  return `<h3>DMs, revealed</h3><div class="dms">${cards}</div>`;
}

/**
 * Influence: the phase, who is empowered and exposed, the vote tallies as a
 * table and a chart (the current round's once VOTE has closed, else the last
 * round's), every round's outcome, the round's rumours, and the DMs once the
 * game is over, with the published chain head.
 */
export function influencePanel(detail: MatchDetail): Rendered | null {
  const s = detail.state as InfluenceLike | null;
  if (!s || typeof s.phase !== 'string' || !Array.isArray(s.players) || !Array.isArray(s.rounds) || typeof s.alive !== 'object') return null;
  const rounds = s.rounds;
  const last = rounds[rounds.length - 1];
  const current = Object.keys(s.empowerVotes ?? {}).length + Object.keys(s.exposeVotes ?? {}).length > 0;
  const tally: Tally = current ? { round: s.round, empowered: s.empowered, empowerVotes: s.empowerVotes, exposeVotes: s.exposeVotes, exposed: s.exposed } : (last ?? {});
  const eliminated = rounds.flatMap((r) => (r.eliminated ?? []).map((x) => `round ${r.round}: ${e(x.player)}${x.reason ? ` (${e(x.reason)})` : ''}`));
  const title = tally.round ? `Votes, round ${tally.round}` : 'Votes';
  const { chart, charts } = voteChart(detail, s.players, tally, title);
  // The phase as the room knows it: a WHISPER turn is the players' own business (RULES I-d).
  const phase = s.phase.startsWith('WHISPER') ? 'WHISPER' : s.phase;
  const html = `<div class="influence"><p>Phase <b class="phase">${e(phase)}</b>, round ${s.round ?? '?'}${s.empowered ? `; empowered: <b>${e(s.empowered)}</b>` : ''}</p>
${ending(s)}<h3>${title}</h3><div class="grid"><table><thead><tr><th>player</th><th class="num">empower</th><th class="num">expose</th><th></th></tr></thead><tbody>${voteRows(s.players, s.alive, tally)}</tbody></table>${chart}</div>
${eliminated.length ? `<p class="muted">Eliminated: ${eliminated.join('; ')}</p>` : ''}
${roundsTable(rounds)}
${rumours(s)}
${dms(s)}</div>`;
  return { html, charts };
}

/** One row a player: the tally's votes for them and whether they are empowered, exposed or out. */
function voteRows(players: readonly string[], living: InfluenceLike['alive'], tally: Tally): string {
  return players
    .map((p) => {
      const alive = ownValue(living ?? {}, p) !== false;
      const flags = [tally.empowered === p ? 'empowered' : '', tally.exposed?.includes(p) ? 'exposed' : '', alive ? '' : 'eliminated'].filter(Boolean).join(', ');
      return `<tr data-player="${e(p)}"><td>${e(p)}</td><td class="num">${ownValue(tally.empowerVotes ?? {}, p) ?? 0}</td><td class="num">${ownValue(tally.exposeVotes ?? {}, p) ?? 0}</td><td class="muted">${flags}</td></tr>`;
    })
    .join('');
}

/** The tally as a bar chart of empower and expose votes, when it has votes. */
function voteChart(detail: MatchDetail, players: readonly string[], tally: Tally, title: string): { chart: string; charts: ChartSpec[] } {
  if (!tally.empowerVotes) return { chart: '', charts: [] };
  const id = domId('influence-votes', detail.summary.id);
  const labels = players.filter((p) => Object.hasOwn(tally.empowerVotes ?? {}, p));
  const spec: ChartSpec = {
    id,
    title,
    kind: 'bar',
    labels,
    axes: { x: 'player', y: 'votes' },
    datasets: [
      { label: 'empower votes', data: labels.map((p) => ownValue(tally.empowerVotes ?? {}, p) ?? 0), color: '#59a14f' },
      { label: 'expose votes', data: labels.map((p) => ownValue(tally.exposeVotes ?? {}, p) ?? 0), color: '#e15759' },
    ],
  };
  return { chart: `<div>${chartBox(id, 200)}</div>`, charts: [spec] };
}

/** Once the game is over: who won, in the outcome's words, and the published chain head. */
function ending(s: InfluenceLike): string {
  if (s.phase !== 'END') return '';
  const words = describeOutcome('influence', s);
  return `<p>${s.winner ? `Winner: <b>${e(s.winner)}</b>, the last operative` : 'No operative survived'}${words ? ` (${e(words)})` : ''}.${s.publishedHead ? ` Published chain head <code>${e(s.publishedHead)}</code> (type !audit to verify).` : ''}</p>`;
}
