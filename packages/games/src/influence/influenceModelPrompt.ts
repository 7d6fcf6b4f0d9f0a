import type { ModelPrompt, PlayerId } from '../engine/types.ts';
import { bound, legalLines, oneOf, readLegal, readValues, signatureLines, span, type LegalEntry, type MoveSignature } from '../engine/moveSignatures.ts';
import { nullRecord, ownValue } from '../engine/safeKey.ts';
import { channelId, type PowerChoice } from './influenceQueries.ts';
import type { Channel, DmMessage, Elimination, EliminationReason, PublicPost, RoundSummary } from './influenceTypes.ts';
import type { InfluenceView } from './influenceView.ts';
import { influenceRulesText } from './influenceRulesText.ts';
import { mentions } from './strategies/viewFacts.ts';

const MOVES: MoveSignature[] = [
  { name: 'WHISPER', template: '{"whispers":[{"to":[<who>,...],"text":"<text>"},...]}' },
  { name: 'RUMOR', template: '{"public":"<text>"}', note: '(or "img:<url>")' },
  { name: 'VOTE', template: '{"empower":"<empower>","expose":"<expose>","last":"<text>"}' },
  { name: 'POWER', template: '{"power":{"action":"<action>","target":"<target>"}}' },
];

/** The rules: what every call needs, then a line per phase (a call that stands alone keeps only its own phase's line: `legalSignatures`). */
function rules(view: InfluenceView): string {
  return [
    ...influenceRulesText(view),
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

/** A post under its round's heading: who, the text, an image's note. */
function postLine(p: PublicPost): string {
  const image = p.image ? ` [image${p.imageNote ? `, not checked: ${p.imageNote}` : ''}]` : '';
  return `${p.from}: ${quote(p.text)}${image}`;
}

/** A DM under its round and turn's heading: the sender, then the others it went to besides the reader (`p1>p4: ...`; none for a DM to the reader alone; the reader's own list everyone). */
function dmLine(view: InfluenceView, channel: Channel, m: DmMessage): string {
  const others = channel.members.filter((p) => p !== m.from && p !== view.me);
  return `${m.from}${others.length ? `>${others.join('+')}` : ''}: ${quote(m.text)}`;
}

/** Players in seat order, each with the empower votes it has received and, once out, when and why. */
function playersLine(view: InfluenceView): string {
  const out = new Map(view.eliminations.map((e) => [e.player, e]));
  const listed = view.players.map((p) => `${p}${ownValue(view.empowerTotals, p) ? ` ${ownValue(view.empowerTotals, p)}` : ''}${out.has(p) ? ` (out R${out.get(p)!.round} ${out.get(p)!.reason})` : ''}`);
  return `Players (empower votes): ${listed.join(', ')}`;
}

/** Whom the posts not shown named (the rival a table talks about), and how often; nothing when they named no one. */
function earlierPosts(view: InfluenceView, posts: readonly PublicPost[]): string[] {
  const named = view.players.map((p) => [p, posts.filter((post) => post.from !== p && mentions(post.text, p)).length] as const).filter(([, n]) => n > 0);
  return named.length ? [`Earlier posts named: ${named.map(([p, n]) => `${p} ${n}`).join(', ')}`] : [];
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

/**
 * Whether a call opens the round to the player (with a window): the first
 * WHISPER turn, the first call after the last round closed, shows how the
 * rounds of the window ended (tallies, who went out, last messages) and whom
 * earlier posts named. Every other call of the round shows what is new since
 * the player's call before it, nothing it was already shown (issue 26).
 */
function opensRound(view: InfluenceView): boolean {
  return view.phase === 'WHISPER' && (view.whisperTurn ?? 1) === 1;
}

/**
 * With a window, the channels whose DMs this call shows (every DM of this
 * round in them): in a later WHISPER turn those that got a DM in the turn
 * before, in RUMOR those that got one in the last turn (what came after the
 * player's last WHISPER call), in VOTE and POWER every channel with a DM this
 * round (of which `viewText` shows the DMs the player received); the first
 * WHISPER turn shows none (the round before showed its own).
 */
function shownChannels(view: InfluenceView): Channel[] {
  if (opensRound(view)) return [];
  const thisRound = view.channels.filter((c) => c.messages.some((m) => m.round === view.round));
  if (view.phase === 'VOTE' || view.phase === 'POWER') return thisRound;
  const turn = view.phase === 'RUMOR' ? view.whisperTurns : (view.whisperTurn ?? 1) - 1;
  return thisRound.filter((c) => c.messages.some((m) => m.round === view.round && m.turn === turn));
}

function viewText(view: InfluenceView, rounds: number): string {
  const windowed = Number.isFinite(rounds);
  const opens = opensRound(view);
  const since = !windowed ? -Infinity : opens ? view.round - rounds + 1 : view.round;
  const status = view.alive ? '' : ', eliminated';
  const turn = view.whisperTurn !== null ? ` turn ${view.whisperTurn} of ${view.whisperTurns}` : '';
  const left = view.whisperTurn !== null ? `, ${view.whispersLeft} DMs left` : '';
  const lines = [`Round ${view.round}, ${view.phase}${turn}. You: ${view.me}${status}${left}.${view.winner ? ` Winner: ${view.winner}.` : ''}`];
  // The round's first call shows every player with its votes and how the others went out; the calls after it, who is alive.
  lines.push(!windowed || opens ? playersLine(view) : `Alive: ${view.living.join(' ')}`);
  const last = view.eliminations.filter((e) => e.last && e.round >= since);
  // With a window on one line; in full a line each, so a conversation's later turns add the new one only.
  if (windowed && last.length) lines.push(`Last messages: ${last.map((e) => `${e.player} ${quote(e.last!)}`).join(', ')}`);
  else for (const e of last) lines.push(`Last message ${e.player}: ${quote(e.last!)}`);
  lines.push(...view.rounds.filter((r) => r.round >= since).map(summaryLine));
  if (Object.keys(view.empowerVotes).length) {
    lines.push(`This round: empowered ${view.empowered} (votes ${counts(view.empowerVotes)}); exposed ${view.exposed.join(' ') || 'none'} (votes ${counts(view.exposeVotes)})`);
  }
  // Posts and DMs are most of a prompt: with a window, this round's posts, and the DMs `shownChannels` picks; whom earlier posts named when the round opens.
  const postsFrom = windowed ? view.round : -Infinity;
  if (opens) lines.push(...earlierPosts(view, view.posts.filter((p) => p.round < postsFrom)));
  const channels = windowed ? shownChannels(view) : view.channels;
  const feed: Array<{ channel: Channel; m: DmMessage; c: number; i: number }> = [];
  // VOTE and POWER show the DMs the player received this round; its own were in the calls that sent them.
  const received = view.phase === 'VOTE' || view.phase === 'POWER';
  channels.forEach((channel, c) => channel.messages.forEach((m, i) => (!windowed || (m.round === view.round && !(received && m.from === view.me))) && feed.push({ channel, m, c, i })));
  if (view.myBallot.empower || view.myBallot.expose || (view.myLast && view.phase === 'VOTE')) {
    lines.push(`Your ballot: empower ${view.myBallot.empower ?? '-'}, expose ${view.myBallot.expose ?? '-'}${view.myLast ? `; last message ${quote(view.myLast)}` : ''}`);
  }
  // Sections a blank line apart, each under a heading ending with a colon: what a conversation's later turns add to.
  const byRound = new Map<number, PublicPost[]>();
  for (const p of view.posts) if (p.round >= postsFrom) byRound.set(p.round, [...(byRound.get(p.round) ?? []), p]);
  for (const [round, posts] of byRound) {
    const silent = posts.filter((p) => p.auto && !p.image).map((p) => p.from);
    const said = posts.filter((p) => !(p.auto && !p.image)).map(postLine);
    lines.push('', `Posts R${round}:`, ...said, ...(silent.length ? [`silent (auto-filled): ${silent.join(' ')}`] : []));
  }
  // DMs in the order they were sent, a heading per round and WHISPER turn.
  feed.sort((a, b) => a.m.round - b.m.round || a.m.turn - b.m.turn || a.c - b.c || a.i - b.i);
  let heading = '';
  for (const { channel, m } of feed) {
    const h = `DMs R${m.round}${m.turn > 1 ? `.${m.turn}` : ''}:`;
    if (h !== heading) lines.push('', (heading = h));
    lines.push(dmLine(view, channel, m));
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
  const head = /^Round (\d+), (\S+)(?: turn (\d+) of \d+)?\. You: (\S+?)(, eliminated)?(?:, (\d+) DMs left)?\.(?: Winner: (\S+)\.)?$/.exec(line('Round ')) ?? [];
  const me = head[4] ?? '';
  const players: PlayerId[] = [];
  const eliminations: Elimination[] = [];
  const empowerTotals = nullRecord<number>();
  for (const m of line('Players (empower votes): ').slice('Players (empower votes): '.length).matchAll(/([^\s,]+)(?: (\d+))?(?: \(out R(\d+) (\w+)\))?(?:, |$)/g)) {
    players.push(m[1]!);
    if (m[2]) empowerTotals[m[1]!] = Number(m[2]);
    if (m[3]) eliminations.push({ player: m[1]!, round: Number(m[3]), reason: m[4] as EliminationReason });
  }
  eliminations.sort((a, b) => a.round - b.round);
  if (!players.length) players.push(...line('Alive: ').slice('Alive: '.length).split(' ').filter(Boolean));
  for (const l of lines) {
    const said = /^Last message (\S+): (".*)$/.exec(l);
    const e = said && eliminations.find((x) => x.player === said[1]);
    if (e) e.last = quoted(said![2]!).text;
  }
  for (let rest = line('Last messages: ').slice('Last messages: '.length); rest.length; ) {
    const space = rest.indexOf(' ');
    const { text: said, after } = quoted(rest.slice(space + 1));
    const e = eliminations.find((x) => x.player === rest.slice(0, space));
    if (e) e.last = said;
    rest = after.startsWith(', ') ? after.slice(2) : '';
  }
  const out = new Set(eliminations.map((e) => e.player));
  const living = players.filter((p) => !out.has(p));
  const tally = /^This round: empowered (\S+) \(votes (.*?)\); exposed (.*?) \(votes (.*?)\)$/.exec(line('This round: '));
  const posts: PublicPost[] = [];
  const channels: Channel[] = [];
  // Sections: `Posts R<n>:` (a post a line, the silent ones on one) and `DMs R<n>[.<turn>]:` (a DM a line), each ended by a blank line.
  let section: 'posts' | 'dms' | '' = '';
  let sectionRound = 0;
  let sectionTurn = 1;
  const channelOf = new Map<string, Channel>();
  for (const l of lines) {
    if (l === '') {
      section = '';
      continue;
    }
    const postsHead = /^Posts R(\d+):$/.exec(l);
    const dmsHead = /^DMs R(\d+)(?:\.(\d+))?:$/.exec(l);
    if (postsHead) {
      section = 'posts';
      sectionRound = Number(postsHead[1]);
    } else if (dmsHead) {
      section = 'dms';
      sectionRound = Number(dmsHead[1]);
      sectionTurn = Number(dmsHead[2] ?? 1);
    } else if (section === 'posts') {
      const silent = /^silent \(auto-filled\): (.*)$/.exec(l);
      const post = /^(\S+?): (".*)$/.exec(l);
      if (silent) for (const from of silent[1]!.split(' ')) posts.push({ round: sectionRound, from, text: `${from} stays silent this round.`, auto: true });
      else if (post) {
        const { text: said, after } = quoted(post[2]!);
        const image = /^ \[image(?:, not checked: (.*))?\]$/.exec(after);
        posts.push({ round: sectionRound, from: post[1]!, text: said, ...(image ? { image: said.replace(/^img:/, '') } : {}), ...(image?.[1] ? { imageNote: image[1] } : {}) });
      }
    } else if (section === 'dms') {
      const dm = /^([^\s>]+?)(?:>(\S+?))?: (".*)$/.exec(l);
      if (!dm) continue;
      const from = dm[1]!;
      const members = [...new Set([from, me, ...(dm[2] ? dm[2].split('+') : [])])].sort();
      const id = channelId(members);
      let channel = channelOf.get(id);
      if (!channel) {
        // A channel is locked once one of its members is out (RULES Influence 8).
        channel = { id, members, openedBy: from, round: sectionRound, messages: [], locked: members.some((p) => eliminations.some((e) => e.player === p)) };
        channelOf.set(id, channel);
        channels.push(channel);
      }
      channel.messages.push({ from, text: quoted(dm[3]!).text, round: sectionRound, turn: sectionTurn });
    }
  }
  const ballot = /^Your ballot: empower (\S+), expose (\S+)(?:; last message (".*"))?$/.exec(line('Your ballot: '));
  const entries = readLegal(text) ?? [];
  const powerActions: PowerChoice[] = entries
    .filter((e) => e.name === 'POWER')
    .flatMap((e) => readValues(bound(e, 'target') ?? '').map((target) => ({ action: bound(e, 'action') as PowerChoice['action'], target })));
  const dmRule = /DMs in up to (\d+) turns, each DM to up to (\d+) others/.exec(text);
  return {
    me,
    round: Number(head[1] ?? 0),
    phase: (head[2] ?? 'INIT') as InfluenceView['phase'],
    whisperTurn: head[3] ? Number(head[3]) : null,
    whisperTurns: Number(dmRule?.[1] ?? 1),
    whispersLeft: head[6] ? Number(head[6]) : 0,
    alive: !head[5],
    players,
    living,
    empowered: tally?.[1] ?? null,
    empowerVotes: readVotes(tally?.[2]),
    exposeVotes: readVotes(tally?.[4]),
    exposed: tally && tally[3] !== 'none' ? tally[3]!.split(' ') : [],
    empowerTotals,
    eliminations,
    rounds: lines.map(readSummary).filter((r): r is RoundSummary => r !== null),
    posts,
    channels,
    myBallot: ballot ? { ...(ballot[1] !== '-' ? { empower: ballot[1] } : {}), ...(ballot[2] !== '-' ? { expose: ballot[2] } : {}) } : {},
    myLast: ballot?.[3] ? (JSON.parse(ballot[3]) as string) : null,
    acted: false,
    twoLeft: living.length === 2,
    powerActions,
    maxDmRecipients: Number(dmRule?.[2] ?? 1),
    maxMessageLength: Number(/Texts: up to (\d+) characters/.exec(text)?.[1] ?? 0),
    maxWhispers: Number(/at most (\d+) DMs in all/.exec(text)?.[1] ?? 0),
    inactivityLimit: text.includes('a round of them eliminates') ? 1 : Number(/; (\d+) such rounds in a row eliminate/.exec(text)?.[1] ?? 0),
    winner: head[7] ?? null,
  };
}

/**
 * Influence as a model reads it: the phases and limits of this match and the
 * move signatures; then the players (who is out, when and why), the empower
 * votes each has received, the last rounds' tallies, the player's ballot,
 * then the public posts a section per round and its DMs a section per round
 * and turn, and the legal moves of the phase. With a window each call shows
 * what is new to the player since its call before: the first WHISPER turn
 * the rounds just closed (and whom earlier posts named), a later turn or
 * RUMOR the threads that moved since its last turn, VOTE and POWER this
 * round's posts and the DMs it received.
 */
export const influenceModelPrompt: ModelPrompt<InfluenceView> = { rules, view: viewText, read, recentRounds: 2 };
