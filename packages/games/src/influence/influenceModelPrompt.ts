import type { ModelPrompt, PlayerId } from '../engine/types.ts';
import { bound, legalLines, oneOf, readLegal, readValues, signatureLines, span, type LegalEntry, type MoveSignature } from '../engine/moveSignatures.ts';
import { nullRecord } from '../engine/safeKey.ts';
import { channelId, type PowerChoice } from './influenceQueries.ts';
import type { Channel, DmMessage, Elimination, EliminationReason, PublicPost, RoundSummary } from './influenceTypes.ts';
import type { InfluenceView } from './influenceView.ts';
import { mentions } from './strategies/viewFacts.ts';

const MOVES: MoveSignature[] = [
  { name: 'WHISPER', template: '{"whispers":[{"to":[<who>,...],"text":"<text>"},...]}' },
  { name: 'RUMOR', template: '{"public":"<text>"}', note: '(or "img:<url>")' },
  { name: 'VOTE', template: '{"empower":"<empower>","expose":"<expose>","last":"<text>"}' },
  { name: 'POWER', template: '{"power":{"action":"<action>","target":"<target>"}}' },
];

function rules(view: InfluenceView): string {
  return [
    `Influence, run by The House: the last player alive wins. Rounds: WHISPER (DMs, each to up to ${view.maxDmRecipients} others, in up to ${view.whisperTurns} turns; a turn without DMs ends it), RUMOR (one public post each), VOTE (empower one player and expose one, not yourself; leave last words), POWER (the empowered eliminates or protects an exposed player, or eliminates anyone if none is). Two left: no expose, the empowered eliminates the other. Texts: at most ${view.maxMessageLength} characters. Answer with the move of the current phase; missing moves are auto-filled, and a few such rounds in a row eliminate.`,
    ...signatureLines('<move>', MOVES),
  ].join('\n');
}

const quote = (text: string): string => JSON.stringify(text);
const counts = (votes: Record<PlayerId, number>): string =>
  Object.entries(votes)
    .filter(([, n]) => n > 0)
    .map(([p, n]) => `${p} ${n}`)
    .join(', ') || 'none';

/** A past round: who was empowered and exposed (with the expose votes; the empower votes are in the totals), the power used and who went out. */
function summaryLine(r: RoundSummary): string {
  const action = r.action ? `${r.empowered} ${r.action.action} ${r.action.target}${r.action.auto ? ' (auto)' : ''}` : 'no power';
  const out = r.eliminated.map((e) => `${e.player} (${e.reason})`).join(', ') || 'none';
  return `R${r.round}: empowered ${r.empowered}; exposed ${r.exposedAtVote.join(' ') || 'none'} (votes ${counts(r.exposeVotes)}); ${action}; out ${out}`;
}

function postLine(p: PublicPost): string {
  const image = p.image ? ` [image${p.imageNote ? `, not checked: ${p.imageNote}` : ''}]` : '';
  return `R${p.round} ${p.from}: ${quote(p.text)}${image}`;
}

const at = (m: DmMessage): string => `R${m.round}${m.turn > 1 ? `.${m.turn}` : ''}`;

/** Players, each out one marked with when and why, in seat order. */
function playersLine(view: InfluenceView): string {
  const out = new Map(view.eliminations.map((e) => [e.player, e]));
  return `Players: ${view.players.map((p) => (out.has(p) ? `${p}(out R${out.get(p)!.round} ${out.get(p)!.reason})` : p)).join(' ')}`;
}

/** Who the posts before `from` named (the rival a table talks about), and how many there were. */
function earlierPosts(view: InfluenceView, posts: readonly PublicPost[]): string[] {
  if (posts.length === 0) return [];
  const named = view.players.map((p) => [p, posts.filter((post) => post.from !== p && mentions(post.text, p)).length] as const).filter(([, n]) => n > 0);
  return [`Earlier posts: ${posts.length}, naming ${named.map(([p, n]) => `${p} ${n}`).join(', ') || 'no one'}`];
}

function legal(view: InfluenceView): LegalEntry[] {
  const others = view.living.filter((p) => p !== view.me);
  if (!view.alive || others.length === 0) return [];
  switch (view.phase) {
    case 'WHISPER':
      return view.whispersLeft > 0 ? [{ name: 'WHISPER', bind: [['who', oneOf(others)], ['#to', span(1, Math.min(view.maxDmRecipients, others.length))], ['#whispers', span(0, view.whispersLeft)]] }] : [{ name: 'WHISPER', bind: [['#whispers', span(0, 0)]] }];
    case 'RUMOR':
      return [{ name: 'RUMOR', bind: [] }];
    case 'VOTE':
      return [{ name: 'VOTE', bind: view.twoLeft ? [['empower', oneOf(others)]] : [['empower', oneOf(others)], ['expose', oneOf(others)]] }];
    case 'POWER': {
      const out: LegalEntry[] = [];
      for (const action of ['eliminate', 'protect'] as const) {
        const targets = view.powerActions.filter((a) => a.action === action).map((a) => a.target);
        if (targets.length) out.push({ name: 'POWER', bind: [['action', action], ['target', oneOf(targets)]] });
      }
      return out;
    }
    default:
      return [];
  }
}

/** The first round shown in full: the latest one in which any of `seen` happened, no earlier than `rounds` back (all of them with Infinity). */
function latestRound(view: InfluenceView, rounds: number, seen: readonly number[]): number {
  return Number.isFinite(rounds) ? Math.max(view.round - rounds + 1, ...seen) : -Infinity;
}

function viewText(view: InfluenceView, rounds: number): string {
  const since = Number.isFinite(rounds) ? view.round - rounds + 1 : -Infinity;
  const status = view.alive ? '' : ', eliminated';
  const lines = [`Round ${view.round}, ${view.phase}. You: ${view.me}${status}.${view.winner ? ` Winner: ${view.winner}.` : ''}`];
  if (view.whisperTurn !== null) lines.push(`WHISPER turn ${view.whisperTurn} of ${view.whisperTurns}; you may send ${view.whispersLeft} more DMs.`);
  lines.push(playersLine(view));
  const last = view.eliminations.filter((e) => e.last && e.round >= since);
  if (last.length) lines.push(`Last messages: ${last.map((e) => `${e.player} ${quote(e.last!)}`).join(', ')}`);
  lines.push(`Empower votes so far: ${counts(view.empowerTotals)}`);
  lines.push(...view.rounds.filter((r) => r.round >= since).map(summaryLine));
  if (Object.keys(view.empowerVotes).length) {
    lines.push(`This round: empowered ${view.empowered} (votes ${counts(view.empowerVotes)}); exposed ${view.exposed.join(' ') || 'none'} (votes ${counts(view.exposeVotes)})`);
  }
  // Posts and DMs are most of a prompt: those of the latest round that has any, the earlier ones summed up.
  const postsFrom = latestRound(view, rounds, view.posts.map((p) => p.round));
  const recent = view.posts.filter((p) => p.round >= postsFrom);
  lines.push(...earlierPosts(view, view.posts.filter((p) => p.round < postsFrom)));
  const auto = new Map<number, PlayerId[]>();
  const said: string[] = [];
  for (const p of recent) {
    if (p.auto && !p.image) auto.set(p.round, [...(auto.get(p.round) ?? []), p.from]);
    else said.push(postLine(p));
  }
  lines.push('Posts:', ...(said.length ? said : ['none']), ...[...auto].map(([round, who]) => `R${round} silent (auto-filled): ${who.join(' ')}`));
  const dmsFrom = latestRound(view, rounds, view.channels.flatMap((c) => c.messages.map((m) => m.round)));
  const older = view.channels.reduce((n, c) => n + c.messages.filter((m) => m.round < dmsFrom).length, 0);
  const open = view.channels.filter((c) => c.messages.some((m) => m.round >= dmsFrom));
  if (open.length || older) lines.push(`Your DMs${older ? ` (${older} earlier ones not shown)` : ''}:`);
  for (const c of open) {
    lines.push(`${c.members.join('+')}${c.locked ? ' (locked)' : ''}:`, ...c.messages.filter((m) => m.round >= dmsFrom).map((m) => `${at(m)} ${m.from}: ${quote(m.text)}`));
  }
  if (view.myBallot.empower || view.myBallot.expose || (view.myLast && view.phase === 'VOTE')) {
    lines.push(`Your ballot: empower ${view.myBallot.empower ?? '-'}, expose ${view.myBallot.expose ?? '-'}${view.myLast ? `; last message ${quote(view.myLast)}` : ''}`);
  }
  return [...lines, '', ...legalLines(legal(view))].join('\n');
}

/** `p1 2, p3 1` back to counts by player (a record without a prototype: the names come from text). */
function readVotes(text: string | undefined): Record<PlayerId, number> {
  if (!text || text === 'none') return nullRecord();
  return nullRecord(
    text.split(', ').map((part) => {
      const [p, n] = part.split(' ');
      return [p!, Number(n)] as const;
    }),
  );
}

/** A quoted text at the start of `rest`, and what follows it. */
function quoted(rest: string): { text: string; after: string } {
  let end = 1;
  while (end < rest.length && rest[end] !== '"') end += rest[end] === '\\' ? 2 : 1;
  return { text: JSON.parse(rest.slice(0, end + 1)) as string, after: rest.slice(end + 1) };
}

/** A past round back from its line; its empower votes are not in it (the totals have them). */
function readSummary(line: string): RoundSummary | null {
  const m = /^R(\d+): empowered (\S+); exposed (.*?) \(votes (.*?)\); (.*?); out (.*)$/.exec(line);
  if (!m) return null;
  const [, round, empowered, exposedText, exposeVotes, power, outText] = m;
  const act = /^(\S+) (eliminate|protect) (\S+)( \(auto\))?$/.exec(power!);
  const eliminated: Elimination[] =
    outText === 'none'
      ? []
      : outText!.split(', ').map((e) => {
          const [player, reason] = e.split(' ');
          return { player: player!, round: Number(round), reason: reason!.slice(1, -1) as EliminationReason };
        });
  const exposed = exposedText === 'none' ? [] : exposedText!.split(' ');
  return {
    round: Number(round),
    empowered: empowered!,
    empowerVotes: nullRecord(),
    exposeVotes: readVotes(exposeVotes),
    exposedAtVote: exposed,
    exposed,
    action: act ? { action: act[2] as 'eliminate' | 'protect', target: act[3]!, auto: Boolean(act[4]) } : null,
    protected: act?.[2] === 'protect' ? act[3]! : null,
    eliminated,
    alive: [],
  };
}

function read(text: string): InfluenceView {
  const lines = text.split('\n');
  const line = (prefix: string) => lines.find((l) => l.startsWith(prefix)) ?? '';
  const head = /^Round (\d+), (\S+)\. You: (\S+?)(, eliminated)?\.(?: Winner: (\S+)\.)?$/.exec(line('Round ')) ?? [];
  const me = head[3] ?? '';
  const whisper = /^WHISPER turn (\d+) of \d+; you may send (\d+) more DMs\.$/.exec(line('WHISPER turn '));
  const players: PlayerId[] = [];
  const eliminations: Elimination[] = [];
  for (const m of line('Players: ').slice('Players: '.length).matchAll(/(\S+?)\(out R(\d+) (\w+)\)|\S+/g)) {
    players.push(m[1] ?? m[0]);
    if (m[1]) eliminations.push({ player: m[1], round: Number(m[2]), reason: m[3] as EliminationReason });
  }
  eliminations.sort((a, b) => a.round - b.round);
  const lastLine = line('Last messages: ').slice('Last messages: '.length);
  for (let rest = lastLine; rest.length; ) {
    const space = rest.indexOf(' ');
    const who = rest.slice(0, space);
    const { text: said, after } = quoted(rest.slice(space + 1));
    const e = eliminations.find((x) => x.player === who);
    if (e) e.last = said;
    rest = after.startsWith(', ') ? after.slice(2) : '';
  }
  const out = new Set(eliminations.map((e) => e.player));
  const living = players.filter((p) => !out.has(p));
  const tally = /^This round: empowered (\S+) \(votes (.*?)\); exposed (.*?) \(votes (.*?)\)$/.exec(line('This round: '));
  const posts: PublicPost[] = [];
  const channels: Channel[] = [];
  let section = '';
  for (const l of lines) {
    if (l === 'Posts:' || l.startsWith('Your DMs')) {
      section = l.startsWith('Your DMs') ? 'Your DMs:' : l;
      continue;
    }
    if (l === '' || l.startsWith('Your ballot') || l === 'Legal now:') section = '';
    const silent = /^R(\d+) silent \(auto-filled\): (.*)$/.exec(l);
    if (section === 'Posts:' && silent) {
      for (const from of silent[2]!.split(' ')) posts.push({ round: Number(silent[1]), from, text: `${from} stays silent this round.`, auto: true });
      continue;
    }
    const msg = /^R(\d+)(?:\.(\d+))? (\S+): (".*)$/.exec(l);
    if (section === 'Posts:' && msg) {
      const { text: said, after } = quoted(msg[4]!);
      const image = /^ \[image(?:, not checked: (.*))?\]$/.exec(after);
      posts.push({ round: Number(msg[1]), from: msg[3]!, text: said, ...(image ? { image: said.replace(/^img:/, '') } : {}), ...(image?.[1] ? { imageNote: image[1] } : {}) });
    }
    const head = /^(\S+?)( \(locked\))?:$/.exec(l);
    if (section === 'Your DMs:' && head) {
      const members = head[1]!.split('+');
      channels.push({ id: channelId(members), members, openedBy: members[0]!, round: 0, messages: [], locked: Boolean(head[2]) });
    } else if (section === 'Your DMs:' && msg && channels.length) {
      channels.at(-1)!.messages.push({ from: msg[3]!, text: quoted(msg[4]!).text, round: Number(msg[1]), turn: Number(msg[2] ?? 1) });
    }
  }
  const ballot = /^Your ballot: empower (\S+), expose (\S+)(?:; last message (".*"))?$/.exec(line('Your ballot: '));
  const entries = readLegal(text) ?? [];
  const powerActions: PowerChoice[] = entries
    .filter((e) => e.name === 'POWER')
    .flatMap((e) => readValues(bound(e, 'target') ?? '').map((target) => ({ action: bound(e, 'action') as PowerChoice['action'], target })));
  const dmRule = /DMs, each to up to (\d+) others, in up to (\d+) turns/.exec(text);
  return {
    me,
    round: Number(head[1] ?? 0),
    phase: (head[2] ?? 'INIT') as InfluenceView['phase'],
    whisperTurn: whisper ? Number(whisper[1]) : null,
    whisperTurns: Number(dmRule?.[2] ?? 1),
    whispersLeft: whisper ? Number(whisper[2]) : 0,
    alive: !head[4],
    players,
    living,
    empowered: tally?.[1] ?? null,
    empowerVotes: readVotes(tally?.[2]),
    exposeVotes: readVotes(tally?.[4]),
    exposed: tally && tally[3] !== 'none' ? tally[3]!.split(' ') : [],
    empowerTotals: readVotes(line('Empower votes so far: ').slice('Empower votes so far: '.length)),
    eliminations,
    rounds: lines.map(readSummary).filter((r): r is RoundSummary => r !== null),
    posts,
    channels,
    myBallot: ballot ? { ...(ballot[1] !== '-' ? { empower: ballot[1] } : {}), ...(ballot[2] !== '-' ? { expose: ballot[2] } : {}) } : {},
    myLast: ballot?.[3] ? (JSON.parse(ballot[3]) as string) : null,
    acted: false,
    twoLeft: living.length === 2,
    powerActions,
    maxDmRecipients: Number(dmRule?.[1] ?? 1),
    maxMessageLength: Number(/Texts: at most (\d+) characters/.exec(text)?.[1] ?? 0),
    winner: head[5] ?? null,
  };
}

/**
 * Influence as a model reads it: the phases and limits of this match and the
 * move signatures; then the players (who is out, when and why), the empower
 * votes each has received, the last rounds' tallies, the public posts and the
 * player's own DMs of those rounds (earlier posts counted by whom they name),
 * its ballot and the legal moves of the phase.
 */
export const influenceModelPrompt: ModelPrompt<InfluenceView> = { rules, view: viewText, read, recentRounds: 2 };
