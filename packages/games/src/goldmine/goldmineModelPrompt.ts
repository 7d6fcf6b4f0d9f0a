import type { ModelPrompt } from '../engine/types.ts';
import { intDomain, intSet, legalLines, readIntSet, signatureLines, span, type LegalEntry, type MoveSignature } from '../engine/moveSignatures.ts';
import { encodeMap, seatLetter } from './goldminePrompt.ts';
import type { ClaimResult, GoldmineView, RaidResult, RoundPublic, TalkLine } from './goldmineTypes.ts';
import { goldmineRulesText, HISTORY_WORDS, NO_HISTORY } from './goldmineRulesText.ts';

const MOVES: MoveSignature[] = [
  { name: 'claim|raid|defend', template: '{"type":"<name>","plot":<plot>}' },
  { name: 'mine', template: '{"type":"mine","plot":<plot>,"k":<k>}' },
];

const seatOf = (letter: string): number => letter.charCodeAt(0) - 65;
const letters = (seats: readonly number[]): string => seats.map(seatLetter).join('');
const seatsOf = (text: string): number[] => [...text].map(seatOf);

/** The `history` setting back from the rules' words. */
function readHistory(text: string): GoldmineView['history'] {
  if (text.includes(NO_HISTORY)) return 'none';
  for (const [setting, words] of Object.entries(HISTORY_WORDS)) if (text.includes(`History: ${words},`)) return setting as GoldmineView['history'];
  return 'k5';
}

function rules(view: GoldmineView): string {
  const lines = goldmineRulesText({ ...view, seats: view.players.length, me: view.me });
  lines.push(...signatureLines(view.talk ? '{"actions":[<move>,...],"talk":"<text>"}' : '{"actions":[<move>,...]}', MOVES));
  return lines.join('\n');
}

/** A raid as `plot:raiders>taker` (or blocked, truce, returned); `plot(A):` names the owner when the owner is the reader (`me`), whom a raid concerns most. */
function raidText(r: RaidResult, me: number): string {
  const outcome = r.winner >= 0 ? `>${seatLetter(r.winner)}` : r.returnedFrom !== undefined ? ' returned' : r.truce ? ' truce' : ' blocked';
  return `${r.plot}${r.owner === me ? `(${seatLetter(r.owner)})` : ''}:${letters(r.by)}${outcome}`;
}

/** One round in a line: claims, raids, defended plots and talk. */
function roundLine(pub: RoundPublic, me: number): string {
  const parts: string[] = [];
  if (pub.claims.length) parts.push(`claims ${pub.claims.map((c) => `${c.plot}:${letters(c.by)}${c.by.length > 1 ? `>${seatLetter(c.winner)}` : ''}`).join(', ')}`);
  if (pub.raids.length) parts.push(`raids ${pub.raids.map((r) => raidText(r, me)).join(', ')}`);
  if (pub.defended.length) parts.push(`defended ${intSet(pub.defended)}`);
  if (pub.talk?.length) parts.push(`talk ${pub.talk.map((t) => `${seatLetter(t.seat)} ${JSON.stringify(t.text)}`).join(' ')}`);
  return `R${pub.round}: ${parts.join('; ') || 'nothing'}`;
}

/**
 * The rounds before a shorter window than the view holds, in one line that
 * keeps who raided what: each raided plot with its raiders and who took it,
 * and the plots defended (`R3-R7 in sum: 4 raids (2:BC>C 7:A); defended 1 5`).
 */
function summary(earlier: readonly RoundPublic[]): string[] {
  if (earlier.length === 0) return [];
  let raids = 0;
  const raiders = new Map<number, Set<number>>();
  const takers = new Map<number, Set<number>>();
  const defended = new Set<number>();
  const add = (map: Map<number, Set<number>>, plot: number, seat: number) => (map.get(plot) ?? map.set(plot, new Set()).get(plot)!).add(seat);
  for (const pub of earlier) {
    for (const r of pub.raids) {
      raids += r.by.length;
      for (const seat of r.by) add(raiders, r.plot, seat);
      if (r.winner >= 0) add(takers, r.plot, r.winner);
    }
    for (const plot of pub.defended) defended.add(plot);
  }
  const sorted = (seats: Iterable<number>) => [...seats].sort((a, b) => a - b);
  const plots = sorted(raiders.keys()).map((p) => `${p}:${letters(sorted(raiders.get(p)!))}${takers.has(p) ? `>${letters(sorted(takers.get(p)!))}` : ''}`);
  return [`R${earlier[0]!.round}-R${earlier.at(-1)!.round} in sum: ${raids} raids${plots.length ? ` (${plots.join(' ')})` : ''}; defended ${intSet(sorted(defended)) || 'none'}.`];
}

function legal(view: GoldmineView): LegalEntry[] {
  const mine: number[] = [];
  const free: number[] = [];
  const others: number[] = [];
  view.owner.forEach((o, p) => (o === view.me ? mine : o === -1 ? free : others).push(p));
  const last = view.owner.length - 1;
  const out: LegalEntry[] = [];
  if (free.length) out.push({ name: 'claim', bind: intDomain('plot', free, 0, last) });
  if (others.length) out.push({ name: 'raid', bind: intDomain('plot', others, 0, last) });
  if (mine.length) out.push({ name: 'defend|mine', bind: [['plot', intSet(mine)], ['k', span(0, view.cap)]] });
  return out;
}

function viewText(view: GoldmineView, rounds: number): string {
  const lines = [`Round ${view.round} of ${view.rounds}. Your gold: ${view.gold}.`, 'Map (. unowned):', encodeMap(view.owner, view.size)];
  const shown = Number.isFinite(rounds) ? Math.max(1, rounds) : view.recent.length;
  const cut = Math.max(0, view.recent.length - shown);
  const kept = view.recent.slice(cut);
  lines.push(...summary(view.recent.slice(0, cut)), ...kept.map((pub) => roundLine(pub, view.me)));
  if (view.authority) lines.push(`Authority protects: ${intSet(view.authorityPlots) || 'none'}.`);
  if (view.protectedPlots.length) lines.push(`Under truce: ${intSet(view.protectedPlots)}.`);
  for (const notice of view.notices) lines.push(`Notice: ${notice.length > 200 ? `${notice.slice(0, 200)}...` : notice}`);
  return [...lines, '', ...legalLines(legal(view))].join('\n');
}

function readClaim(text: string): ClaimResult {
  const [plot, rest] = text.split(':');
  const [by, winner] = rest!.split('>');
  const seats = seatsOf(by!);
  return { plot: Number(plot), by: seats, winner: winner ? seatOf(winner) : seats[0]! };
}

/** A raid back from its text; the owner is known only when it was the reader (-1 otherwise). */
function readRaid(text: string, defended: ReadonlySet<number>): RaidResult {
  const m = /^(\d+)(?:\(([A-Z])\))?:([A-Z]+)(?:>([A-Z])| (returned|truce|blocked))$/.exec(text)!;
  const plot = Number(m[1]);
  const by = seatsOf(m[3]!);
  const winner = m[4] ? seatOf(m[4]) : -1;
  const raid: RaidResult = { plot, owner: m[2] ? seatOf(m[2]) : -1, by, defended: defended.has(plot), truce: m[5] === 'truce', blocked: winner >= 0 ? by.filter((s) => s !== winner) : by, winner };
  if (m[5] === 'returned') raid.returnedFrom = by[0]!;
  return raid;
}

function readTalk(text: string): TalkLine[] {
  const out: TalkLine[] = [];
  for (const m of text.matchAll(/([A-Z]) ("(?:[^"\\]|\\.)*")/g)) out.push({ seat: seatOf(m[1]!), text: JSON.parse(m[2]!) as string });
  return out;
}

function readRound(line: string): RoundPublic | null {
  const m = /^R(\d+): (.*)$/.exec(line);
  if (!m) return null;
  const pub: RoundPublic = { round: Number(m[1]), claims: [], raids: [], defended: [] };
  if (m[2] === 'nothing') return pub;
  const parts = new Map<string, string>();
  for (const part of m[2]!.split(/; (?=claims |raids |defended |talk )/)) parts.set(part.slice(0, part.indexOf(' ')), part.slice(part.indexOf(' ') + 1));
  pub.defended = parts.has('defended') ? readIntSet(parts.get('defended')!) : [];
  const defended = new Set(pub.defended);
  if (parts.has('claims')) pub.claims = parts.get('claims')!.split(', ').map(readClaim);
  if (parts.has('raids')) pub.raids = parts.get('raids')!.split(', ').map((r) => readRaid(r, defended));
  if (parts.has('talk')) pub.talk = readTalk(parts.get('talk')!);
  return pub;
}

function readMap(lines: string[], size: number): number[] {
  const owner: number[] = [];
  const map = lines.indexOf('Map (. unowned):');
  for (let r = 0; r < size; r++) {
    const row = lines[map + 1 + r] ?? '';
    for (const c of row.slice(row.indexOf(' ') + 1)) owner.push(c === '.' ? -1 : seatOf(c));
  }
  return owner;
}

function readAlpha(lines: string[], size: number, alpha: number): number[] | null {
  const at = lines.findIndex((l) => l.startsWith('Plot yields (gold per mined stamina)'));
  if (at >= 0) {
    const bands = new Map([
      ['-', 0.5 * alpha],
      ['o', alpha],
      ['+', 1.5 * alpha],
    ]);
    return lines.slice(at + 1, at + 1 + size).flatMap((row) => [...row.slice(row.indexOf(' ') + 1)].map((c) => bands.get(c)!));
  }
  const odd = /^Plot yields: ([\d.]+) gold per mined stamina, except (.*)\.$/.exec(lines.find((l) => l.startsWith('Plot yields: ')) ?? '');
  if (!odd) return null;
  const out = new Array<number>(size * size).fill(alpha);
  for (const pair of odd[2]!.split(' ')) {
    const [p, a] = pair.split('=');
    out[Number(p)] = Number(a);
  }
  return out;
}

function read(text: string): GoldmineView {
  const lines = text.split('\n');
  const line = (prefix: string) => lines.find((l) => l.startsWith(prefix)) ?? '';
  const intro = /: (\d+) rounds, players A-([A-Z]), you are ([A-Z]); map (\d+)x\d+/.exec(lines[0] ?? '') ?? [];
  const size = Number(intro[4] ?? 0);
  const me = seatOf(intro[3] ?? 'A');
  const head = /^Round (\d+) of \d+\. Your gold: (-?[\d.]+)\./.exec(line('Round ')) ?? [];
  const stamina = Number(/^(\d+) stamina a round/m.exec(text)?.[1] ?? 0);
  const staminaOf = /unused lost \(by player: (.*?)\)/.exec(text);
  const cap = Number(/mine yours k = 0\.\.(\d+)/.exec(text)?.[1] ?? 0);
  const plainAlpha = /; ([\d.]+) gold per unit if you keep/.exec(text);
  const bandAlpha = /: - [\d.]+, o ([\d.]+), \+/.exec(text) ?? /^Plot yields: ([\d.]+) gold/m.exec(text);
  const alpha = Number(plainAlpha?.[1] ?? bandAlpha?.[1] ?? 1);
  const authority = /a plot raided from a holder of (\d+)\+ rounds goes back to it, and each of its raiders is fined ([\d.]+) gold/.exec(text);
  const truceRule = /cannot be raided for (\d+) rounds/.exec(text);
  const recent: RoundPublic[] = [];
  for (const l of lines) {
    const pub = /^R\d+: /.test(l) ? readRound(l) : null;
    if (pub) recent.push(pub);
  }
  const protectedLine = /^Under truce: (.*)\.$/.exec(line('Under truce: '));
  const shield = /^Authority protects: (.*)\.$/.exec(line('Authority protects: '));
  const n = seatOf(intro[2] ?? 'A') + 1;
  return {
    player: seatLetter(me),
    me,
    players: Array.from({ length: n }, (_, i) => seatLetter(i)),
    round: Number(head[1] ?? 0),
    rounds: Number(intro[1] ?? 0),
    size,
    stamina,
    staminaOf: staminaOf ? staminaOf[1]!.split(', ').map((s) => Number(s.split(' ')[1])) : null,
    cap,
    alpha,
    plotAlpha: readAlpha(lines, size, alpha),
    truce: truceRule ? Number(truceRule[1]) : text.includes('and a claimed one raided, from the next round') ? 1 : 0,
    defense: text.includes('defended plots hold') ? 'all' : 'perRaid',
    history: readHistory(text),
    talk: text.includes('Talk: "talk" is one public line'),
    authority: authority ? { tenure: Number(authority[1]), fine: Number(authority[2]) } : null,
    authorityPlots: shield && shield[1] !== 'none' ? readIntSet(shield[1]!) : [],
    owner: readMap(lines, size),
    protectedPlots: protectedLine ? readIntSet(protectedLine[1]!) : [],
    gold: Number(head[2] ?? 0),
    recent,
    own: null,
    notices: lines.filter((l) => l.startsWith('Notice: ')).map((l) => l.slice('Notice: '.length)),
  };
}

/**
 * Gold mining as a model reads it: the rules with this match's parameters
 * and treatments (the `history` it sees among them), the player's letter, and
 * the move signatures; then its gold and the map, the public history its
 * match's `history` allows, round by round in compact lines (RULES G-f: none,
 * the last round, the last five, or every round; `recentRounds` is Infinity,
 * so a House's history window never cuts what the treatment shows), the plots
 * the truce or the authority protect, its notices (what was dropped from its
 * last answer) and the legal moves.
 */
export const goldmineModelPrompt: ModelPrompt<GoldmineView> = { rules, view: viewText, read, recentRounds: Infinity };
