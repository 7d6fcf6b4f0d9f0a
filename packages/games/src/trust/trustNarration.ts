import type { GameNarration, NarratedEvent, NarrationContext } from '../engine/narration.ts';
import { counted, num, plainList, plainReason, quoted, record, str, strs } from '../engine/plainWords.ts';
import type { PlayerId } from '../engine/types.ts';
import type { TrustState } from './trustTypes.ts';
import { livingTeamSats } from './trustUnits.ts';
import { ownValue } from '../engine/safeKey.ts';
import { OBSERVER_DECLINES, OBSERVER_HELPS } from './answerBeg.ts';

/**
 * Private Trust events the observer may read, and why: a `missed` high five
 * and `noise` are the House's draws, and they explain an attack or an idle
 * round the public saw; a `fallback` is the House replacing a move (the
 * observer sees why a player did nothing); a `beg_answer` is the observer's own
 * answer. None reaches the room: the players sit there, and RULES T-4/T-5 keep
 * a miss and a beg's amount and reason from everyone but the actor.
 */
const OBSERVER_READS: ReadonlySet<string> = new Set(['missed', 'noise', 'fallback', 'beg_answer']);

const TYPES: ReadonlySet<string> = new Set(['round', 'eliminated', 'spawned', 'alliances', 'match_over', ...OBSERVER_READS]);

interface Act {
  action: string;
  target?: string;
  granted?: boolean;
  share?: { to: string; amount: number };
}

/** What the observer knows of one round beyond the public acts: the private events told with it. */
interface Private {
  missed: Set<PlayerId>;
  noise: Map<PlayerId, string>;
  refused: Map<PlayerId, string>;
  begs: Map<PlayerId, { asked: number; granted: number; reason: string; by: string }>;
}

/** The run of consecutive rounds in which two players attacked each other (or one the other), and how it began. */
interface Run {
  since: number;
  last: number;
  attackers: Set<PlayerId>;
  /** The first attack of the run was a missed high five (the observer alone knows), told once. */
  missedBy: PlayerId | null;
}

const pairKey = (a: PlayerId, b: PlayerId): string => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

function actsOf(data: Record<string, unknown>): Array<[PlayerId, Act]> {
  return Object.entries(record(data.acts)).map(([id, raw]) => {
    const a = record(raw);
    const act: Act = { action: str(a.action) };
    if (typeof a.target === 'string') act.target = a.target;
    if (typeof a.granted === 'boolean') act.granted = a.granted;
    const share = record(a.share);
    if (typeof share.to === 'string') act.share = { to: share.to, amount: num(share.amount) };
    return [id, act];
  });
}

const teamOf = (unit: PlayerId): PlayerId => unit.replace(/#\d+$/, '');

/** Sats of each team's living units from a round's scoreboard (a unit at 0 or below is out). */
function teamSatsOf(sats: Record<string, unknown>): Map<PlayerId, number> {
  const out = new Map<PlayerId, number>();
  for (const [id, value] of Object.entries(sats)) {
    const n = num(value);
    if (n > 0) out.set(teamOf(id), (out.get(teamOf(id)) ?? 0) + n);
  }
  return out;
}

/**
 * The ending in words from its kind, winners and the living teams' sats
 * (RULES Trust 6-7): shared by the state's ending and the `match_over` event.
 */
export function trustEndingText(kind: string | null, winners: readonly PlayerId[], teamSats: ReadonlyMap<PlayerId, number>): string {
  const best = Math.max(0, ...teamSats.values());
  const richest = [...teamSats].filter(([, s]) => s === best).map(([t]) => t);
  switch (kind) {
    case 'replicate':
      return winners.length > 1 ? `${plainList(winners)} replicated in the same round and share the win` : `${winners[0] ?? 'a player'} replicated and wins`;
    case 'limit':
      return `round limit reached: ${plainList(winners)} richest with ${teamSats.get(winners[0] ?? '') ?? best} sats`;
    case 'elimination':
      return `round limit reached: ${plainList(winners)} is the last one standing, with ${teamSats.get(winners[0] ?? '') ?? best} sats`;
    case 'draw':
      return teamSats.size === 0 ? 'all eliminated: a draw' : `round limit reached: ${plainList(richest)} tied with ${best} sats: a draw`;
    default:
      return winners.length ? `the match is over: ${plainList(winners)} won` : 'the match is over: no winner';
  }
}

/** A missed high five's words: the observer's (the miss itself), or the room's (the attack everyone saw). */
function attackWords(id: PlayerId, target: PlayerId, missed: boolean): string {
  return missed ? `${id}'s high five missed and landed as an attack on ${target}` : `${id} attacked ${target}`;
}

function refusalWhy(reason: string): string {
  return plainReason(reason.split('. You did nothing')[0]!.trim(), 'not a move the game can read');
}

/**
 * Trust in words. A round is one sentence of every act, with who high-fived,
 * attacked or blocked whom: a mutual high five or attack is told once; the
 * observer also hears a miss ("Ada's high five missed and landed as an attack
 * on Bram"), noise, a refused move and a beg's answer, told with the round
 * they belong to (their own entries are then null); attacks running over
 * consecutive rounds between two players are a feud, named with the round it
 * began ("a feud since round 13") and, for the observer, the miss that began it.
 */
function narrate(events: readonly NarratedEvent[], ctx: NarrationContext): Array<string | null> {
  const observer = ctx.audience === 'observer';
  // A round's private events come before its `round` event (applyTrustRound's order): fold them into it.
  const folded = new Map<number, Private>();
  let pending: number[] = [];
  events.forEach((e, i) => {
    if (OBSERVER_READS.has(e.type)) pending.push(i);
    else if (e.type === 'round') {
      const p: Private = { missed: new Set(), noise: new Map(), refused: new Map(), begs: new Map() };
      for (const j of pending) {
        const d = events[j]!.data ?? {};
        const player = str(d.player);
        if (events[j]!.type === 'missed') p.missed.add(player);
        else if (events[j]!.type === 'noise') p.noise.set(player, str(d.intended));
        else if (events[j]!.type === 'fallback') p.refused.set(player, refusalWhy(str(d.reason)));
        else p.begs.set(player, { asked: num(d.asked), granted: num(d.granted), reason: str(d.reason), by: str(d.by) });
      }
      folded.set(i, p);
      pending = [];
    }
  });
  const foldedAway = new Set<number>();
  for (const [i] of folded) for (let j = i - 1; j >= 0 && OBSERVER_READS.has(events[j]!.type); j--) foldedAway.add(j);

  const runs = new Map<string, Run>();
  // Who attacked whom in the round before (attacker, NUL, target), for "again".
  const lastAttacks = new Set<string>();
  let lastSats: Record<string, unknown> = {};
  return events.map((e, i) => {
    const d = e.data ?? {};
    switch (e.type) {
      case 'round':
        lastSats = record(d.sats);
        return roundSentence(d, folded.get(i)!, runs, lastAttacks, observer);
      case 'missed':
        return foldedAway.has(i) ? null : `${attackWords(str(d.player), str(d.target), true)}.`;
      case 'noise':
        return foldedAway.has(i) ? null : `${str(d.player)}'s ${actionWords(str(d.intended))} was lost to noise, so ${str(d.player)} did nothing.`;
      case 'fallback':
        return foldedAway.has(i) ? null : `${str(d.player)}'s move was refused (${refusalWhy(str(d.reason))}), so ${str(d.player)} did nothing.`;
      case 'beg_answer':
        return foldedAway.has(i) ? null : `${begWords(str(d.player), { asked: num(d.asked), granted: num(d.granted), reason: str(d.reason), by: str(d.by) })}.`;
      case 'eliminated': {
        const players = strs(d.players);
        return `${plainList(players)} ${players.length > 1 ? 'were' : 'was'} eliminated: no sats left.`;
      }
      case 'spawned':
        return `${str(d.team)} replicated: a new unit ${str(d.unit)} joins with ${num(d.sats)} sats.`;
      case 'alliances':
        return allianceSentence(d);
      case 'match_over': {
        const text = trustEndingText(typeof d.kind === 'string' ? d.kind : null, strs(d.winners), teamSatsOf(lastSats));
        return `Match over: ${text}.`;
      }
      default:
        return null;
    }
  });
}

function actionWords(action: string): string {
  return action.toLowerCase().replace(/_/g, ' ');
}

/** A beg's answer: the observer's own words quoted as theirs; the House's (a policy's, or the observer's bare yes or no) as they are. */
function begWords(player: PlayerId, beg: { asked: number; granted: number; reason: string; by: string }): string {
  const houseWords = beg.by !== 'observer' || beg.reason === OBSERVER_HELPS || beg.reason === OBSERVER_DECLINES;
  const why = !beg.reason ? '' : houseWords ? ` (${beg.reason})` : `; the observer wrote ${quoted(beg.reason, 160)}`;
  return beg.granted > 0 ? `${player} begged the observer for ${beg.asked} sats and got ${beg.granted}${why}` : `${player} begged the observer for ${beg.asked} sats and was declined${why}`;
}

/** Moves the run of attacks between `attacker` and `target` on to `round`; returns it. */
function attackRun(runs: Map<string, Run>, round: number, attacker: PlayerId, target: PlayerId, missed: boolean): Run {
  const key = pairKey(attacker, target);
  let run = runs.get(key);
  if (!run || (run.last !== round && run.last !== round - 1)) {
    run = { since: round, last: round, attackers: new Set(), missedBy: missed ? attacker : null };
    runs.set(key, run);
  }
  run.last = round;
  run.attackers.add(attacker);
  return run;
}

/** " (a feud since round N)" once both have attacked within a run that began before this round; the miss that began it is told once. */
function feudWords(run: Run, round: number, observer: boolean): string {
  if (run.since === round || run.attackers.size < 2) return '';
  const cause = observer && run.missedBy ? `, which began with ${run.missedBy}'s missed high five` : '';
  run.missedBy = null;
  return ` (a feud since round ${run.since}${cause})`;
}

function roundSentence(d: Record<string, unknown>, p: Private, runs: Map<string, Run>, lastAttacks: Set<string>, observer: boolean): string {
  const round = num(d.round);
  const acts = actsOf(d);
  const byId = new Map(acts);
  const missed = (id: PlayerId) => observer && p.missed.has(id);
  const attacked = new Set<PlayerId>();
  // Whether `a` attacked `b` the round before: read before this round's attacks move the runs on.
  const before = (a: PlayerId, b: PlayerId): boolean => {
    const run = runs.get(pairKey(a, b));
    return run !== undefined && run.last === round - 1 && lastAttacks.has(`${a}\u0000${b}`);
  };
  const again = new Set<string>();
  for (const [id, a] of acts) if (a.action === 'ATTACK' && a.target !== undefined && before(id, a.target)) again.add(id);
  lastAttacks.clear();
  for (const [id, a] of acts) {
    if (a.action === 'ATTACK' && a.target !== undefined) {
      attacked.add(a.target);
      lastAttacks.add(`${id}\u0000${a.target}`);
      attackRun(runs, round, id, a.target, p.missed.has(id));
    }
  }
  const told = new Set<PlayerId>();
  const clauses: string[] = [];
  for (const [id, a] of acts) {
    if (told.has(id)) continue;
    told.add(id);
    const t = a.target;
    const other = t === undefined ? undefined : byId.get(t);
    switch (a.action) {
      case 'HIGH_FIVE':
        if (t !== undefined && other?.action === 'HIGH_FIVE' && other.target === id && !told.has(t)) {
          told.add(t);
          clauses.push(`${id} and ${t} high-fived each other`);
        } else clauses.push(t === undefined ? `${id} high-fived no one` : `${id} high-fived ${t}, unanswered`);
        break;
      case 'ATTACK': {
        if (t === undefined) {
          clauses.push(`${id} attacked no one`);
          break;
        }
        const run = runs.get(pairKey(id, t))!;
        if (other?.action === 'ATTACK' && other.target === id && !told.has(t)) {
          told.add(t);
          const both = !missed(id) && !missed(t);
          const words = both
            ? `${id} and ${t} attacked each other${again.has(id) && again.has(t) ? ' again' : ''}`
            : `${attackWords(id, t, missed(id))}, and ${missed(t) ? `${t}'s high five missed and landed as an attack too` : `${t} attacked back`}`;
          clauses.push(`${words}${feudWords(run, round, observer)}`);
        } else {
          const words = `${attackWords(id, t, missed(id))}${again.has(id) && !missed(id) ? ' again' : ''}${feudWords(run, round, observer)}`;
          clauses.push(other?.action === 'BLOCK' ? `${words}, and ${t} blocked it` : words);
        }
        break;
      }
      case 'BLOCK':
        if (!attacked.has(id)) clauses.push(`${id} blocked`);
        break;
      case 'DO_NOTHING': {
        const noise = observer ? p.noise.get(id) : undefined;
        const refused = observer ? p.refused.get(id) : undefined;
        if (noise) clauses.push(`${id}'s ${actionWords(noise)} was lost to noise, so ${id} did nothing`);
        else if (refused) clauses.push(`${id} did nothing: the move was refused (${refused})`);
        else clauses.push(`${id} did nothing`);
        break;
      }
      case 'BEG': {
        const beg = observer ? p.begs.get(id) : undefined;
        clauses.push(beg ? begWords(id, beg) : `${id} begged the observer and was ${a.granted ? 'given sats' : 'declined'}`);
        break;
      }
      case 'REPLICATE':
        clauses.push(`${id} paid to replicate`);
        break;
      default:
        clauses.push(`${id} played ${actionWords(a.action)}`);
    }
    if (a.share) clauses.push(`${id} gave ${a.share.to} ${a.share.amount} sats`);
  }
  const sats = Object.entries(record(d.sats))
    .filter(([, s]) => num(s) > 0)
    .map(([id, s]) => `${id} ${num(s)}`);
  const shock = record(d.shock);
  const delta = num(shock.delta);
  const lucky = strs(shock.synergy);
  const weather = delta
    ? ` A shock ${delta > 0 ? `gave every unit ${counted(delta, 'sat')}` : `cost every unit ${counted(-delta, 'sat')}`}${lucky.length ? `; ${plainList(lucky)} got the synergy bonus for a run of high fives` : ''}.`
    : '';
  // Sentences start with a player's name as it is written: no capital forced on `copycat`.
  return `${clauses.join('; ')}.${weather}${sats.length ? ` Sats: ${sats.join(', ')}.` : ''}`;
}

function allianceSentence(d: Record<string, unknown>): string {
  const pairs = (v: unknown): string[][] => (Array.isArray(v) ? v.map(strs).filter((p) => p.length === 2) : []);
  const offers = (v: unknown): Array<{ from: string; to: string }> => (Array.isArray(v) ? v.map(record).map((o) => ({ from: str(o.from), to: str(o.to) })) : []);
  const parts = [
    ...pairs(d.formed).map(([a, b]) => `${a} and ${b} are now allies`),
    ...pairs(d.left).map(([a, b]) => `${a} left the alliance with ${b}`),
    ...offers(d.offered).map((o) => `${o.from} offered ${o.to} an alliance`),
  ];
  const now = pairs(d.pairs);
  const open = offers(d.offers);
  const inForce = `${now.length ? `alliances in force: ${now.map(([a, b]) => `${a} with ${b}`).join(', ')}` : 'no alliance is in force'}${open.length ? `; open offers: ${open.map((o) => `${o.from} to ${o.to}`).join(', ')}` : ''}`;
  return parts.length ? `${parts.join('; ')} (${inForce}).` : `Alliances changed: ${inForce}.`;
}

/**
 * The high fives that missed over the match, from each unit's own memory
 * (RULES T-4 keeps them from the others while it runs): for the room once the
 * match is over, when telling them can no longer change a move.
 */
export function trustMissRecap(state: TrustState): string | null {
  const found: Array<{ round: number; text: string }> = [];
  for (const unit of state.units) {
    for (const seen of ownValue(state.memory, unit.id) ?? []) {
      const own = ownValue(seen.acts, unit.id);
      if (own?.missed) found.push({ round: seen.round, text: `${unit.id}'s at ${own.target ?? 'its target'} in round ${seen.round}` });
    }
  }
  if (!found.length) return null;
  const misses = found.sort((a, b) => a.round - b.round).map((m) => m.text);
  return `Now it can be told: ${misses.length === 1 ? 'one high five missed and landed as an attack' : `${misses.length} high fives missed and landed as attacks`}: ${plainList(misses)}.`;
}

export const trustNarration: GameNarration<TrustState> = {
  types: TYPES,
  observerMay: (event) => OBSERVER_READS.has(event.type),
  narrate,
  ending: (state) => (state.result.over ? trustEndingText(state.result.kind, state.result.winners, livingTeamSats(state)) : null),
  kinds: new Map([
    ['replicate', 'a player replicated and won'],
    ['limit', 'round limit reached: the richest won'],
    ['elimination', 'round limit reached with one team standing'],
    ['draw', 'a draw: all eliminated, or the richest tied'],
  ]),
};
