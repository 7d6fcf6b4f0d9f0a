import { legalLines, readLegal, signatureLines, type LegalEntry, type MoveSignature } from '../engine/moveSignatures.ts';
import { nullRecord, ownValue } from '../engine/safeKey.ts';
import type { ModelPrompt, PlayerId } from '../engine/types.ts';
import { flip, type Move } from './matrixDecision.ts';
import { PRESET_NAMES, PRESETS, symmetric, type Bimatrix, type PresetName } from './matrixPresets.ts';
import type { MatrixView, Meeting, Opponent, Role } from './matrixTypes.ts';
import { matrixRulesText } from './matrixRulesText.ts';

const BY_TITLE = new Map<string, PresetName>(PRESET_NAMES.map((name) => [PRESETS[name].title, name]));

const fraction = (text: string | undefined, fallback: number): number => (text === undefined ? fallback : Number(text) / 100);

/** In a round robin the opponents never change: every other player, in seat order (the scoreboard's). */
function everyOpponent(view: MatrixView): PlayerId[] {
  return Object.keys(view.scores).filter((id) => id !== view.you);
}

function moves(view: MatrixView): MoveSignature[] {
  const all: MoveSignature = { name: 'all', template: '{"action":"<action>"}', note: 'one move against every opponent' };
  const opponents = everyOpponent(view);
  if (view.pairing !== 'round-robin' || opponents.length < 2) return [all];
  return [all, { name: 'each', template: `{"moves":{${opponents.map((id) => `${JSON.stringify(id)}:"<action>"`).join(',')}}}`, note: 'a move per opponent' }];
}

/** The match's rules and move signatures: the same text on every call of a match. */
function rules(view: MatrixView): string {
  return [...matrixRulesText(view), 'History per opponent: your moves, then theirs, oldest first.', ...signatureLines('<move>', moves(view))].join('\n');
}

const count = (s: string, m: Move): number => [...s].filter((c) => c === m).length;

/** One opponent's line: the last `rounds` meetings letter by letter, earlier ones counted. */
function meetingLine(view: MatrixView, o: Opponent, rounds: number): string {
  const role = symmetric(view.payoffs) ? '' : ` (you ${o.role})`;
  const m = ownValue(view.met, o.id);
  if (!m || !m.mine.length) return `vs ${o.id}${role}: first meeting`;
  const cut = Number.isFinite(rounds) ? Math.max(0, m.mine.length - rounds) : 0;
  const earlier = cut ? `${cut} earlier (you ${count(m.mine.slice(0, cut), 'C')}C, them ${count(m.theirs.slice(0, cut), 'C')}C); ` : '';
  let mine = '';
  for (let i = cut; i < m.mine.length; i++) mine += m.meant[i] === m.mine[i] ? m.mine[i] : m.mine[i]!.toLowerCase();
  return `vs ${o.id}${role}: ${earlier}you ${mine} them ${m.theirs.slice(cut)}`;
}

/** Each notice in at most this many characters: a refusal's first words say what went wrong. */
const NOTICE_CHARS = 240;
const clip = (text: string): string => (text.length > NOTICE_CHARS ? `${text.slice(0, NOTICE_CHARS)}...` : text);

function legal(view: MatrixView): LegalEntry[] {
  if (view.over || !view.opponents.length) return [];
  return [{ name: view.pairing === 'round-robin' && everyOpponent(view).length > 1 ? 'all|each' : 'all', bind: [['action', 'C|D']] }];
}

function viewText(view: MatrixView, rounds: number): string {
  const last = view.round > 1 || view.over ? ` (last round ${view.gain >= 0 ? '+' : ''}${view.gain})` : '';
  const lines = [
    `Round ${view.round}${view.rounds !== null ? ` of ${view.rounds}` : ''}. You: ${view.you}, score ${view.score}${last}.`,
    `Scores: ${Object.entries(view.scores)
      .map(([id, s]) => `${id} ${s}`)
      .join(', ')}.`,
  ];
  if (view.over) lines.push('The match is over.');
  else if (!view.opponents.length) lines.push('You sit this round out.');
  else for (const o of view.opponents) lines.push(meetingLine(view, o, rounds));
  if (view.notices.length) lines.push(`Notices: ${view.notices.map(clip).join(' ')}`);
  return [...lines, '', ...legalLines(legal(view))].join('\n');
}

/** Payoffs back from their line. */
function readPayoffs(text: string): Bimatrix {
  const both = /Payoffs \(you\/them\): CC (-?\d+)\/-?\d+, CD (-?\d+)\/-?\d+, DC (-?\d+)\/-?\d+, DD (-?\d+)\//.exec(text);
  if (both) {
    const p = { R: Number(both[1]), S: Number(both[2]), T: Number(both[3]), P: Number(both[4]) };
    return { row: p, column: p };
  }
  const roles = /Payoffs by role [^:]*: CC (-?\d+)\/(-?\d+), CD (-?\d+)\/(-?\d+), DC (-?\d+)\/(-?\d+), DD (-?\d+)\/(-?\d+)\./.exec(text) ?? [];
  const n = (i: number) => Number(roles[i] ?? 0);
  return { row: { R: n(1), S: n(3), T: n(5), P: n(7) }, column: { R: n(2), S: n(6), T: n(4), P: n(8) } };
}

/** A meeting back from its line (the letters shown; earlier meetings are only counted, so they do not come back). */
function readMeeting(line: string): { id: PlayerId; role: Role; meeting: Meeting | null } | null {
  const m = /^vs (.+?)(?: \(you (row|column)\))?: (?:first meeting|(?:\d+ earlier \([^)]*\); )?you ([CDcd]*) them ([CD]*))$/.exec(line);
  if (!m) return null;
  const role = (m[2] ?? 'row') as Role;
  if (m[3] === undefined) return { id: m[1]!, role, meeting: null };
  const shown = m[3];
  const mine = shown.toUpperCase();
  let meant = '';
  for (const c of shown) meant += c === c.toUpperCase() ? c : flip(c.toUpperCase() as Move);
  return { id: m[1]!, role, meeting: { role, mine, theirs: m[4]!, meant } };
}

function read(text: string): MatrixView {
  const lines = text.split('\n');
  const line = (prefix: string) => lines.find((l) => l.startsWith(prefix)) ?? '';
  const head = /^Round (\d+)(?: of (\d+))?\. You: (.+?), score (-?\d+)(?: \(last round ([+-]\d+)\))?\.$/.exec(line('Round ')) ?? [];
  const title = /^Matrix games, run by The House: (.+?)\. Each round/.exec(line('Matrix games'))?.[1] ?? '';
  const scores = nullRecord<number>();
  for (const part of line('Scores: ').slice('Scores: '.length).replace(/\.$/, '').split(', ')) {
    const at = part.lastIndexOf(' ');
    if (at > 0) scores[part.slice(0, at)] = Number(part.slice(at + 1));
  }
  const opponents: Opponent[] = [];
  const met = nullRecord<Meeting>();
  for (const l of lines) {
    const read = l.startsWith('vs ') ? readMeeting(l) : null;
    if (!read) continue;
    opponents.push({ id: read.id, role: read.role });
    if (read.meeting) met[read.id] = read.meeting;
  }
  const continuation = /another follows with probability ([\d.]+)%/.exec(text)?.[1];
  const notices = line('Notices: ');
  return {
    game: 'matrix',
    you: head[3] ?? '',
    round: Number(head[1] ?? 0),
    over: lines.includes('The match is over.'),
    rounds: head[2] === undefined ? null : Number(head[2]),
    continuation: fraction(continuation, 1),
    noise: fraction(/flipped with probability ([\d.]+)%/.exec(text)?.[1], 0),
    pairing: text.includes('Pairing: a round robin') ? 'round-robin' : 'pairs',
    preset: BY_TITLE.get(title) ?? null,
    payoffs: readPayoffs(text),
    opponents: (readLegal(text) ?? []).length ? opponents : [],
    met,
    score: Number(head[4] ?? 0),
    scores,
    gain: Number(head[5] ?? 0),
    notices: notices ? [notices.slice('Notices: '.length)] : [],
  };
}

/**
 * Matrix games as a model reads them: the game, its payoffs, pairing, length
 * and noise with the move signatures (a move for all, and in a round robin a
 * move per opponent); then the round, the scores, each opponent of the round
 * with the moves so far (a letter a meeting, the last 20 in full, earlier
 * ones counted) and the legal moves.
 */
export const matrixModelPrompt: ModelPrompt<MatrixView> = { rules, view: viewText, read, recentRounds: 20 };
