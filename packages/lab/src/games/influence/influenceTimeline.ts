import { escapeHtml, htmlPage } from '../../report/htmlPage.ts';
import { auditLog } from '@the-house/games/influence/audit.ts';
import { describeOutcome } from '@the-house/games/narrations.ts';
import { narratedTimeline } from '../../report/narratedTimeline.ts';
import type { InfluenceState, RoundSummary } from '@the-house/games/influence/influenceTypes.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';

const e = escapeHtml;

function voteChartData(state: InfluenceState, r: RoundSummary) {
  const labels = state.players.filter((p) => Object.hasOwn(r.empowerVotes, p));
  return { id: `votes-${r.round}`, labels, empower: labels.map((p) => ownValue(r.empowerVotes, p) ?? 0), expose: labels.map((p) => ownValue(r.exposeVotes, p) ?? 0) };
}

function roundCard(state: InfluenceState, r: RoundSummary): string {
  const posts = state.posts.filter((p) => p.round === r.round);
  const sent = state.channels.flatMap((c) => c.messages.filter((m) => m.round === r.round));
  const dms = sent.length;
  const turns = Math.max(1, ...sent.map((m) => m.turn));
  const opened = state.channels.filter((c) => c.round === r.round).length;
  const postRows = posts
    .map((p) => {
      const body = p.image ? `image: <a href="${e(p.image)}" rel="noreferrer">${e(p.image)}</a>` : e(p.text);
      return `<tr><td>${e(p.from)}</td><td>${body}${p.auto ? ' <span class="muted">(auto-filled by the House)</span>' : ''}</td></tr>`;
    })
    .join('');
  const action = r.action ? `${e(r.empowered)} chose <b>${r.action.action} ${e(r.action.target)}</b>${r.action.auto ? ' <span class="muted">(auto-filled)</span>' : ''}` : 'no action';
  const out = r.eliminated.length
    ? r.eliminated
        .map((x) => `<li><b>${e(x.player)}</b> eliminated (${x.reason})${x.last !== undefined ? `: <i>“${e(x.last)}”</i>` : ''}</li>`)
        .join('')
    : '<li>no one was eliminated</li>';
  return `<div class="card"><h2>Round ${r.round}</h2>
<h3>WHISPER</h3><p class="muted">${opened} new private channel(s), ${dms} DM message(s) over ${turns} turn(s) (revealed below).</p>
<h3>RUMOR</h3><table><tr><th>player</th><th>public message</th></tr>${postRows}</table>
<h3>VOTE</h3><p>Empowered: <b>${e(r.empowered)}</b>. Exposed: ${r.exposedAtVote.length ? r.exposedAtVote.map(e).join(', ') : 'no one'}.</p>
<canvas id="votes-${r.round}"></canvas>
<h3>POWER</h3><p>${action}${r.protected ? `; ${e(r.protected)} protected` : ''}.</p>
<h3>REVEAL</h3><ul>${out}</ul><p class="muted">Alive after the round: ${r.alive.map(e).join(', ')}.</p></div>`;
}

function dmSection(state: InfluenceState): string {
  if (state.phase !== 'END') return `<p class="muted">${state.channels.length} private channel(s); their messages are revealed when the game ends.</p>`;
  if (!state.channels.length) return '<p class="muted">No private channels were opened.</p>';
  return state.channels
    .map((c) => {
      const rows = c.messages.map((m) => `<tr><td>R${m.round}${m.turn > 1 ? `.${m.turn}` : ''}</td><td>${e(m.from)}</td><td>${e(m.text)}</td></tr>`).join('');
      return `<div class="card"><h3>${e(c.members.join(' + '))}${c.locked ? ' <span class="muted">(locked)</span>' : ''}</h3>
<p class="muted">opened by ${e(c.openedBy)} in round ${c.round}</p><table>${rows || '<tr><td class="muted">no messages</td></tr>'}</table></div>`;
    })
    .join('');
}

/**
 * The match replay of spec section 9: one self-contained HTML page (inline
 * Chart.js, no network) with each round's phases, public messages, votes as a
 * chart, eliminations with last messages, the DMs revealed after the game (a
 * game still running shows only how many channels exist, so the page never
 * leaks a live game's secrets), and the audit of the hash-chained log against
 * the published head, and the whole log in words (the private entries, DMs
 * and ballots, only once the game is over).
 */
export function renderInfluenceTimeline(state: InfluenceState): string {
  const audit = auditLog(state.log, state.publishedHead);
  const charts = state.rounds.map((r) => voteChartData(state, r));
  const aliveSeries = { labels: ['start', ...state.rounds.map((r) => `R${r.round}`)], alive: [state.players.length, ...state.rounds.map((r) => r.alive.length)] };
  const ending = describeOutcome('influence', state);
  const outcome = ending ? `<b>Ending:</b> ${e(ending)}.` : `In progress: round ${state.round}, ${state.phase}.`;
  const body = `<h1>Influence — match replay</h1>
<p>${outcome} Seed ${state.seed}; ${state.players.length} players: ${state.players.map(e).join(', ')}.</p>
<div class="card"><h3>Operatives alive</h3><canvas id="alive"></canvas></div>
${state.rounds.map((r) => roundCard(state, r)).join('\n')}
<h2>DMs, revealed after the game</h2>${dmSection(state)}
${narratedTimeline(state.log, { game: 'influence', players: state.players, over: state.phase === 'END' }, false)}
<div class="card"><h2>Audit</h2><p>${e(audit.text)}</p><p class="muted">Published chain head: <code>${e(state.publishedHead ?? 'not yet published')}</code></p></div>`;
  const script = `const opts={animation:false,responsive:true,scales:{y:{beginAtZero:true,ticks:{precision:0}}}};
new Chart(document.getElementById('alive'),{type:'line',data:{labels:DATA.alive.labels,datasets:[{label:'alive',data:DATA.alive.alive,borderColor:'#8ab4ff'}]},options:opts});
for(const c of DATA.charts){new Chart(document.getElementById(c.id),{type:'bar',data:{labels:c.labels,datasets:[{label:'empower votes',data:c.empower,backgroundColor:'#6cc070'},{label:'expose votes',data:c.expose,backgroundColor:'#e06c75'}]},options:opts});}`;
  return htmlPage({ title: `Influence replay (seed ${state.seed})`, body, script, data: { charts, alive: aliveSeries } });
}
