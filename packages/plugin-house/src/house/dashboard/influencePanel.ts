import { escapeHtml } from '../../report/htmlPage.ts';
import type { MatchDetail } from '../types.ts';

interface Tally {
  round?: number;
  empowered?: string | null;
  empowerVotes?: Record<string, number>;
  exposeVotes?: Record<string, number>;
  exposed?: string[];
  eliminated?: Array<{ player: string; reason?: string }>;
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
}

/**
 * Influence: the phase, who is empowered and exposed, and the vote tallies
 * (the current round's once VOTE has closed, else the last round's).
 */
export function influencePanel(detail: MatchDetail): { html: string; charts: [] } | null {
  const s = detail.state as InfluenceLike | null;
  if (!s || typeof s.phase !== 'string' || !Array.isArray(s.players) || !Array.isArray(s.rounds) || typeof s.alive !== 'object') return null;
  const last = s.rounds?.[s.rounds.length - 1];
  const current = Object.keys(s.empowerVotes ?? {}).length + Object.keys(s.exposeVotes ?? {}).length > 0;
  const tally: Tally = current ? { round: s.round, empowered: s.empowered, empowerVotes: s.empowerVotes, exposeVotes: s.exposeVotes, exposed: s.exposed } : (last ?? {});
  const rows = s.players
    .map((p) => {
      const alive = s.alive?.[p] !== false;
      const flags = [tally.empowered === p ? 'empowered' : '', tally.exposed?.includes(p) ? 'exposed' : '', alive ? '' : 'eliminated'].filter(Boolean).join(', ');
      return `<tr data-player="${escapeHtml(p)}"><td>${escapeHtml(p)}</td><td class="num">${tally.empowerVotes?.[p] ?? 0}</td><td class="num">${tally.exposeVotes?.[p] ?? 0}</td><td class="muted">${flags}</td></tr>`;
    })
    .join('');
  const eliminated = (s.rounds ?? []).flatMap((r) => (r.eliminated ?? []).map((e) => `round ${r.round}: ${escapeHtml(e.player)}${e.reason ? ` (${escapeHtml(e.reason)})` : ''}`));
  const title = tally.round ? `Votes, round ${tally.round}` : 'Votes';
  const html = `<div class="influence"><p>Phase <b class="phase">${escapeHtml(s.phase)}</b>, round ${s.round ?? '?'}${s.empowered ? `; empowered: <b>${escapeHtml(s.empowered)}</b>` : ''}</p>
<h3>${title}</h3><table><thead><tr><th>player</th><th class="num">empower</th><th class="num">expose</th><th></th></tr></thead><tbody>${rows}</tbody></table>
${eliminated.length ? `<p class="muted">Eliminated: ${eliminated.join('; ')}</p>` : ''}</div>`;
  return { html, charts: [] };
}
