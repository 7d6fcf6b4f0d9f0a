import type { ModelPrompt, PlayerId } from '../engine/types.ts';
import { legalLines, oneOf, readLegal, signatureLines, span, type LegalEntry, type MoveSignature } from '../engine/moveSignatures.ts';
import { nullRecord, ownValue } from '../engine/safeKey.ts';
import { shocksSchema } from './trustConfig.ts';
import { readObserver, trustRulesText } from './trustRulesText.ts';
import { MAX_SHARE, TRUST_ACTIONS, type TrustAction } from './trustDecision.ts';
import type { SeenAct, SeenRound, TrustUnit, TrustView } from './trustTypes.ts';

/** One letter per action in history lines: a round of eight players stays one short line. */
const CODES: Record<TrustAction, string> = { HIGH_FIVE: 'H', ATTACK: 'A', BLOCK: 'B', DO_NOTHING: 'N', BEG: 'G', REPLICATE: 'R' };
const ACTION_OF = new Map<string, TrustAction>(TRUST_ACTIONS.map((a) => [CODES[a], a]));

const MOVES: MoveSignature[] = [
  { name: 'HIGH_FIVE|ATTACK', template: '{"action":"<name>","target":"<target>"}' },
  { name: 'BLOCK|DO_NOTHING|REPLICATE', template: '{"action":"<name>"}' },
  { name: 'BEG', template: '{"action":"BEG","amount":<amount>,"reason":"<text>"}' },
];
const ALLIANCE_MOVES: MoveSignature[] = [
  { name: '+ally', template: '{"ally":"<ally>"}' },
  { name: '+leave', template: '{"leave":"<ally>"}' },
  { name: '+share', template: '{"share":{"to":"<ally>","amount":<amount>}}' },
];

const fraction = (text: string): number => Number(text) / 100;

function rules(view: TrustView): string {
  const r = view.rules;
  const lines = trustRulesText(r, view.maxRounds);
  lines.push('Codes: H HIGH_FIVE, A ATTACK, B BLOCK, N DO_NOTHING, G BEG (+ granted, - not), R REPLICATE; >id target; * your high five missed; ~X your X failed (noise or refusal).');
  lines.push(...signatureLines('<move>', r.alliances ? [...MOVES, ...ALLIANCE_MOVES] : MOVES));
  return lines.join('\n');
}

function actText(id: PlayerId, act: SeenAct, sats: number | undefined): string {
  let code = CODES[act.action] + (act.target ? `>${act.target}` : '') + (act.missed ? '*' : '') + (act.intended ? `~${CODES[act.intended]}` : '');
  if (act.granted !== undefined) code += act.granted ? '+' : '-';
  const extras = [act.ally ? `ally>${act.ally}` : '', act.leave ? `leave>${act.leave}` : '', act.share ? `share>${act.share.to}:${act.share.amount}` : ''].filter(Boolean);
  return [id, code, ...extras, ...(sats === undefined ? [] : [String(sats)])].join(' ');
}

function roundLine(seen: SeenRound): string {
  const acts = Object.entries(seen.acts).map(([id, act]) => actText(id, act, ownValue(seen.sats, id)));
  const shock = seen.shock ? `; shock ${seen.shock.delta > 0 ? '+' : ''}${seen.shock.delta}${seen.shock.synergy.length ? ` synergy ${seen.shock.synergy.join(',')}` : ''}` : '';
  return `r${seen.round} ${acts.join(', ')}${shock}`;
}

function unitText(u: Readonly<TrustUnit>): string {
  return `${u.id}${u.team !== u.id ? `(${u.team})` : ''} ${u.alive ? u.sats : 'out'}`;
}

/** Originals still on the board with a living unit: the teams alliances are made with. */
function livingTeams(view: TrustView): PlayerId[] {
  return [...new Set(view.units.filter((u) => u.alive && u.team !== view.team).map((u) => u.team))];
}

function legal(view: TrustView): LegalEntry[] {
  if (!view.alive) return [];
  const teamOf = new Map(view.units.map((u) => [u.id, u.team]));
  const targets = view.units.filter((u) => u.alive && u.id !== view.you).map((u) => u.id);
  const hittable = targets.filter((t) => !view.allies.includes(teamOf.get(t) ?? t));
  const out: LegalEntry[] = [];
  if (targets.length && hittable.length === targets.length) out.push({ name: 'HIGH_FIVE|ATTACK', bind: [['target', oneOf(targets)]] });
  else {
    if (targets.length) out.push({ name: 'HIGH_FIVE', bind: [['target', oneOf(targets)]] });
    if (hittable.length) out.push({ name: 'ATTACK', bind: [['target', oneOf(hittable)]] });
  }
  out.push({ name: 'BLOCK|DO_NOTHING', bind: [] }, { name: 'BEG', bind: [['amount', span(1, view.rules.begMax)]] });
  if (view.canReplicate) out.push({ name: 'REPLICATE', bind: [] });
  if (view.rules.alliances && view.units.filter((u) => u.id === u.team).length >= 3) {
    const open = livingTeams(view).filter((t) => !view.allies.includes(t));
    if (open.length) out.push({ name: '+ally', bind: [['ally', oneOf(open)]] });
    if (view.allies.length) out.push({ name: '+leave', bind: [['ally', oneOf(view.allies)]] });
    if (view.allies.length && view.sats > 1) out.push({ name: '+share', bind: [['ally', oneOf(view.allies)], ['amount', span(1, Math.min(MAX_SHARE, view.sats - 1))]] });
  }
  return out;
}

/** Each notice in at most this many characters: a refusal's first words say what went wrong. */
const NOTICE_CHARS = 240;
const clip = (text: string): string => (text.length > NOTICE_CHARS ? `${text.slice(0, NOTICE_CHARS)}...` : text);

function viewText(view: TrustView, rounds: number): string {
  const me = [`${view.sats} sats`, view.idle ? `idle ${view.idle}` : '', view.alive ? '' : 'out'].filter(Boolean).join(', ');
  const lines = [`Round ${view.round} of ${view.maxRounds}. You: ${view.you}${view.team !== view.you ? `(${view.team})` : ''}, ${me}.`, `Units: ${view.units.map(unitText).join(', ')}`];
  if (view.rules.alliances) {
    lines.push(`Allies: ${view.allies.join(', ') || 'none'}. Offers: ${view.offers.map((o) => `${o.from}>${o.to}`).join(', ') || 'none'}.`);
  }
  const shown = Number.isFinite(rounds) ? view.history.slice(-rounds) : view.history;
  if (shown.length) {
    const earlier = view.history.length - shown.length;
    lines.push(`History${earlier ? ` (last ${shown.length} rounds; earlier ones in your memory)` : ''}:`, ...shown.map(roundLine));
  }
  if (view.notices.length) lines.push(`Notices: ${view.notices.map(clip).join(' ')}`);
  return [...lines, '', ...legalLines(legal(view))].join('\n');
}

/** The number a pattern's first group captures in a text, or the fallback. */
function numberAfter(text: string, pattern: RegExp, fallback: number): number {
  const m = pattern.exec(text);
  return m ? Number(m[1]) : fallback;
}

function readAct(words: string[]): { id: PlayerId; act: SeenAct; sats?: number } | null {
  const [id, code, ...rest] = words;
  if (!id || !code) return null;
  const m = /^([A-Z])(?:>(\S+?))?(\*)?(?:~([A-Z]))?([+-])?$/.exec(code);
  const action = m ? ACTION_OF.get(m[1]!) : undefined;
  if (!m || !action) return null;
  const act: SeenAct = { action };
  if (m[2]) act.target = m[2];
  if (m[3]) act.missed = true;
  if (m[4]) act.intended = ACTION_OF.get(m[4]);
  if (m[5]) act.granted = m[5] === '+';
  let sats: number | undefined;
  for (const word of rest) {
    if (word.startsWith('ally>')) act.ally = word.slice(5);
    else if (word.startsWith('leave>')) act.leave = word.slice(6);
    else if (word.startsWith('share>')) {
      const [to, amount] = word.slice(6).split(':');
      act.share = { to: to!, amount: Number(amount) };
    } else sats = Number(word);
  }
  return { id, act, sats };
}

function readRound(line: string): SeenRound | null {
  const m = /^r(\d+) (.*?)(?:; shock ([+-]?\d+)(?: synergy (\S+))?)?$/.exec(line);
  if (!m) return null;
  // The ids come from text: records without a prototype.
  const seen: SeenRound = { round: Number(m[1]), acts: nullRecord(), sats: nullRecord() };
  for (const part of m[2]!.split(', ')) {
    const read = readAct(part.split(' '));
    if (!read) continue;
    seen.acts[read.id] = read.act;
    if (read.sats !== undefined) seen.sats[read.id] = read.sats;
  }
  if (m[3]) seen.shock = { delta: Number(m[3]), synergy: m[4] ? m[4].split(',') : [] };
  return seen;
}

function readUnit(text: string): TrustUnit | null {
  const m = /^(\S+?)(?:\((\S+)\))? (out|-?\d+)$/.exec(text);
  if (!m) return null;
  return { id: m[1]!, team: m[2] ?? m[1]!, sats: m[3] === 'out' ? 0 : Number(m[3]), alive: m[3] !== 'out', idle: 0, begs: 0, fives: 0 };
}

function read(text: string): TrustView {
  const lines = text.split('\n');
  const line = (prefix: string) => lines.find((l) => l.startsWith(prefix)) ?? '';
  const head = /^Round (\d+) of (\d+)\. You: (\S+?)(?:\((\S+)\))?, (-?\d+) sats(?:, idle (\d+))?(, out)?\.$/.exec(line('Round ')) ?? [];
  const you = head[3] ?? '';
  const team = head[4] ?? you;
  const units = line('Units: ')
    .slice('Units: '.length)
    .split(', ')
    .map(readUnit)
    .filter((u): u is TrustUnit => u !== null);
  const shocks = shocksSchema.parse({});
  const shockLine = line('Shocks: ');
  if (shockLine) {
    shocks.chance = fraction(/chance ([\d.]+)%/.exec(shockLine)?.[1] ?? '0');
    shocks.size = numberAfter(shockLine, /same 1\.\.(\d+) sats/, shocks.size);
    shocks.streak = numberAfter(shockLine, /units with (\d+)\+/, shocks.streak);
    shocks.synergy = numberAfter(shockLine, /get (\d+) back/, 0);
  }
  const rulesText = text;
  const rules: TrustView['rules'] = {
    missChance: fraction(/misses ([\d.]+)%/.exec(rulesText)?.[1] ?? '0'),
    replicateAt: numberAfter(rulesText, /REPLICATE with (\d+)\+ sats/, 0),
    replicateCost: numberAfter(rulesText, /start costs (\d+) and/, 0),
    begMax: numberAfter(rulesText, /observer for 1\.\.(\d+) sats/, 1),
    observer: readObserver(rulesText),
    startSats: numberAfter(rulesText, /Units start with (\d+) sats/, 0),
    replicate: rulesText.includes('and wins the match') ? 'win' : 'spawn',
    noise: fraction(/fails as DO_NOTHING ([\d.]+)%/.exec(rulesText)?.[1] ?? '0'),
    shocks,
    alliances: lines.some((l) => l.startsWith('Alliances: ')),
  };
  const sats = Number(head[5] ?? 0);
  const alive = !head[7];
  const alliancesLine = /^Allies: (.*?)\. Offers: (.*?)\.$/.exec(line('Allies: '));
  const allies = alliancesLine && alliancesLine[1] !== 'none' ? alliancesLine[1]!.split(', ') : [];
  const offers =
    alliancesLine && alliancesLine[2] !== 'none'
      ? alliancesLine[2]!.split(', ').map((pair) => {
          const [from, to] = pair.split('>');
          return { from: from!, to: to! };
        })
      : [];
  const historyAt = lines.findIndex((l) => l.startsWith('History'));
  const history: SeenRound[] = [];
  if (historyAt >= 0) {
    for (const l of lines.slice(historyAt + 1)) {
      const seen = readRound(l);
      if (!seen) break;
      history.push(seen);
    }
  }
  const opponents = units.filter((u) => u.alive && u.team !== team).map((u) => u.id);
  const targets = units.filter((u) => u.alive && u.id !== you).map((u) => u.id);
  const implied = opponents.length === 1 ? opponents[0] : targets.length === 1 ? targets[0] : null;
  const notices = line('Notices: ');
  const entries = readLegal(text) ?? [];
  return {
    game: 'trust',
    you,
    team,
    round: Number(head[1] ?? 0),
    maxRounds: Number(head[2] ?? 0),
    sats,
    alive,
    idle: Number(head[6] ?? 0),
    canReplicate: entries.some((e) => e.name === 'REPLICATE'),
    rules,
    units,
    opponents,
    targetRequired: opponents.length !== 1 && implied === null,
    history,
    notices: notices ? [notices.slice('Notices: '.length)] : [],
    allies,
    offers,
  };
}

/**
 * Trust as a model reads it: rules with this match's numbers and the move
 * signatures; then the round, every unit's sats, the last rounds one line
 * each (a letter per move), the player's notices and the legal moves.
 */
export const trustModelPrompt: ModelPrompt<TrustView> = { rules, view: viewText, read, recentRounds: 8 };
