import { Rng } from '../engine/rng.ts';
import type { GameEvent, Outcome, PhaseInput, PlayerId, Step } from '../engine/types.ts';
import { answerBeg } from './answerBeg.ts';
import { SPAWN_SATS } from './trustConfig.ts';
import type { TrustAction } from './trustDecision.ts';
import type { AlliancePair, Alliances, SeenAct, SeenRound, SeenShock, TrustState, TrustUnit } from './trustTypes.ts';
import { noiseStrikes } from './trustNoise.ts';
import { findUnit, livingTeamSats, teamHolder } from './trustUnits.ts';
import { trustLegalMoves, validateTrustDecision } from './validateTrustDecision.ts';
import { quoted } from '../engine/plainWords.ts';
import { nullRecord, ownValue } from '../engine/safeKey.ts';

interface Plan {
  unit: TrustUnit;
  /** What resolves: DO_NOTHING after a fallback, a refusal or noise. */
  action: TrustAction;
  target?: PlayerId;
  /** What the player chose, when noise or a refusal changed it. */
  intended?: TrustAction;
  missed?: true;
  asked?: number;
  got?: number;
  answer?: string;
  /** Alliance fields of the decision (house rule `alliances`), already checked. */
  ally?: PlayerId;
  leave?: PlayerId;
  share?: { to: PlayerId; amount: number };
  delta: number;
}

/**
 * Plays one round (RULES.md Trust 2-8): decisions are checked (a bad or missing
 * one is DO_NOTHING plus a private `fallback` event), noise and misses are drawn,
 * payoffs are summed over every interaction at once, then elimination,
 * replication and the ending. Private facts go to private events and to the
 * actor's own memory only.
 */
export function applyTrustRound(state: TrustState, input: PhaseInput): Step<TrustState> {
  if (state.result.over) return { state, events: [] };
  const { config, seed, round } = state;
  const events: GameEvent[] = [];
  const notices: Record<PlayerId, string[]> = nullRecord();
  const tell = (id: PlayerId, text: string) => (notices[id] ??= []).push(text);
  const units = new Array<TrustUnit>(state.units.length);
  const plans: Plan[] = [];

  for (let i = 0; i < units.length; i++) {
    const u = state.units[i]!;
    // Field by field, in the units' own order: a literal is cheaper than a spread, and the state's JSON stays the same.
    const unit = (units[i] = { id: u.id, team: u.team, sats: u.sats, alive: u.alive, idle: u.idle, begs: u.begs, fives: u.fives });
    if (!unit.alive) continue;
    const raw = ownValue(input.decisions, unit.id);
    const checked = raw === undefined ? NO_DECISION : validateTrustDecision(state, unit.id, raw);
    if (checked.ok) {
      const d = checked.decision;
      const plan: Plan = { unit, action: d.action, delta: 0 };
      if (d.action === 'HIGH_FIVE' || d.action === 'ATTACK') plan.target = d.target;
      if (d.action === 'BEG') plan.asked = d.amount;
      if (d.ally !== undefined) plan.ally = findUnit(state, d.ally)!.team;
      if (d.leave !== undefined) plan.leave = findUnit(state, d.leave)!.team;
      if (d.share !== undefined) plan.share = { to: findUnit(state, d.share.to)!.team, amount: d.share.amount };
      plans.push(plan);
      continue;
    }
    const reason = `${checked.error}. You did nothing this round (DO_NOTHING). Allowed: ${trustLegalMoves(state, unit.id).join('; ')}`;
    events.push({ type: 'fallback', data: { player: unit.id, action: 'DO_NOTHING', reason }, to: [unit.id] });
    tell(unit.id, reason);
    const intended = (raw as { action?: unknown } | null)?.action === 'REPLICATE' ? ('REPLICATE' as const) : undefined;
    plans.push({ unit, action: 'DO_NOTHING', intended, delta: 0 });
  }

  if (config.noise > 0) {
    for (const plan of plans) {
      if (plan.action === 'DO_NOTHING' || !noiseStrikes(state, plan.unit.id)) continue;
      events.push({ type: 'noise', data: { player: plan.unit.id, intended: plan.action }, to: [plan.unit.id] });
      tell(plan.unit.id, `Noise: your ${plan.action} was mis-executed as DO_NOTHING.`);
      plan.intended = plan.action;
      plan.action = 'DO_NOTHING';
      delete plan.target;
      delete plan.asked;
    }
  }

  if (config.missChance > 0) {
    for (const plan of plans) {
      if (plan.action !== 'HIGH_FIVE' || !Rng.derivedChance(config.missChance, seed, round, 'miss', plan.unit.id)) continue;
      plan.missed = true;
      events.push({ type: 'missed', data: { player: plan.unit.id, target: plan.target }, to: [plan.unit.id] });
      tell(plan.unit.id, `Your HIGH_FIVE at ${plan.target} missed and landed as an ATTACK; ${plan.target} saw an attack.`);
    }
  }

  const replicators: Plan[] = [];
  for (const plan of plans) {
    const { unit } = plan;
    unit.idle = plan.action === 'DO_NOTHING' ? unit.idle + 1 : 0;
    switch (plan.action) {
      case 'HIGH_FIVE': {
        const other = planOf(plans, plan.target!);
        // RULES T-d: a miss lands as an attack in every respect, on an ally too (the alliance forbids choosing to attack, not bad luck).
        if (plan.missed) hit(plan, other);
        else plan.delta += other.action === 'HIGH_FIVE' && !other.missed && other.target === unit.id ? 3 : -2;
        break;
      }
      case 'ATTACK':
        hit(plan, planOf(plans, plan.target!));
        break;
      case 'BLOCK':
        plan.delta -= 1;
        break;
      case 'DO_NOTHING':
        if (unit.idle >= 3) plan.delta -= 3;
        break;
      case 'BEG': {
        const answer = answerBeg(state, unit, plan.asked!, input.external?.observer);
        plan.got = answer.granted;
        plan.answer = answer.reason;
        plan.delta += answer.granted - 1;
        unit.begs += 1;
        events.push({ type: 'beg_answer', data: { player: unit.id, asked: plan.asked, granted: answer.granted, reason: answer.reason, by: answer.by }, to: [unit.id] });
        // The observer's own words as a quotation on one line, attributed; the House's own words as they are.
        const said = answer.words === undefined ? `: ${answer.reason}` : `, and wrote: ${quoted(answer.words, OBSERVER_WORDS)}`;
        tell(unit.id, answer.granted > 0 ? `The observer granted ${answer.granted} of the ${plan.asked} sats you begged for${said}` : `The observer declined your beg for ${plan.asked} sats${said}`);
        break;
      }
      case 'REPLICATE':
        plan.delta -= config.replicateCost;
        replicators.push(plan);
        break;
    }
  }

  for (const plan of plans) {
    const other = plan.action === 'HIGH_FIVE' && !plan.missed ? planOf(plans, plan.target!) : undefined;
    plan.unit.fives = other && other.action === 'HIGH_FIVE' && !other.missed && other.target === plan.unit.id ? plan.unit.fives + 1 : 0;
    if (plan.share) {
      plan.delta -= plan.share.amount;
      planOf(plans, teamHolder({ units }, plan.share.to)!.id).delta += plan.share.amount;
    }
  }
  const shock = config.shocks.chance > 0 ? drawShock(state, plans) : null;

  // RULES T-b: in the `win` variant a legal REPLICATE wins at once, before the elimination check.
  const winsNow = config.replicate === 'win';
  let eliminated: PlayerId[] | null = null;
  for (const plan of plans) {
    plan.unit.sats += plan.delta;
    if (plan.unit.sats <= 0 && !(winsNow && plan.action === 'REPLICATE')) {
      plan.unit.alive = false;
      (eliminated ??= []).push(plan.unit.id);
    }
  }

  const replicated = winsNow || replicators.length === 0 ? replicators : replicators.filter((p) => p.unit.alive);
  const spawned: Array<{ child: TrustUnit; parent: PlayerId }> = [];
  if (config.replicate === 'spawn') {
    for (const { unit } of replicated) {
      let n = units.filter((u) => u.team === unit.team).length + 1;
      while (units.some((u) => u.id === `${unit.team}#${n}`)) n++;
      const child: TrustUnit = { id: `${unit.team}#${n}`, team: unit.team, sats: SPAWN_SATS, alive: true, idle: 0, begs: 0, fives: 0 };
      units.push(child);
      spawned.push({ child, parent: unit.id });
    }
  }

  const publicActs: Record<PlayerId, SeenAct> = nullRecord();
  for (const plan of plans) publicActs[plan.unit.id] = publicAct(plan);
  const sats: Record<PlayerId, number> = nullRecord();
  for (const u of units) sats[u.id] = u.sats;
  const shared: SeenRound = shock ? { round, acts: publicActs, sats, shock } : { round, acts: publicActs, sats };
  const memory: Record<PlayerId, SeenRound[]> = nullRecord();
  let p = 0;
  for (const u of state.units) {
    // Plans follow the units' order, so the living unit's plan is the next one.
    const plan = u.alive ? plans[p++]! : undefined;
    const own = plan && ownAct(plan, publicActs[u.id]!);
    memory[u.id] = extended(ownValue(state.memory, u.id), own ? withOwn(shared, u.id, own) : shared);
  }
  // A spawned unit starts with its parent's memory: the team remembers the match so far.
  for (const { child, parent } of spawned) memory[child.id] = ownValue(memory, parent) ?? [];

  events.push({ type: 'round', data: shock ? { round, acts: publicActs, sats, shock } : { round, acts: publicActs, sats } });
  if (eliminated) events.push({ type: 'eliminated', data: { players: eliminated } });
  for (const { child } of spawned) events.push({ type: 'spawned', data: { team: child.team, unit: child.id, sats: child.sats } });
  const alliances = config.alliances ? settleAlliances(state.alliances, units, plans, events) : state.alliances;

  const next: TrustState = {
    game: state.game,
    seed: state.seed,
    config,
    players: state.players,
    round,
    phase: state.phase,
    rng: state.rng,
    units,
    memory,
    notices,
    alliances,
    result: state.result,
  };
  const result = decideOutcome(next, config.replicate === 'win' ? replicated.map((p) => p.unit.team) : NO_TEAMS);
  if (result.over) {
    next.result = result;
    events.push({ type: 'match_over', data: { winners: result.winners, kind: result.kind } });
  } else {
    next.round = round + 1;
  }
  return { state: next, events };
}

/** A unit's memory one round longer: one exact-size copy (a slice grown by push would be copied twice). */
function extended(list: readonly SeenRound[] | undefined, seen: SeenRound): SeenRound[] {
  const n = list ? list.length : 0;
  const out = new Array<SeenRound>(n + 1);
  for (let i = 0; i < n; i++) out[i] = list![i]!;
  out[n] = seen;
  return out;
}

/** The round as one unit remembers it: everyone's public act, its own as it knows it. */
function withOwn(shared: SeenRound, id: PlayerId, own: SeenAct): SeenRound {
  const acts = Object.assign(nullRecord<SeenAct>(), shared.acts);
  acts[id] = own;
  return shared.shock ? { round: shared.round, acts, sats: shared.sats, shock: shared.shock } : { round: shared.round, acts, sats: shared.sats };
}

const NO_DECISION = { ok: false as const, error: 'no decision arrived' };
/** The most of the observer's words a notice quotes. */
const OBSERVER_WORDS = 200;
const NO_TEAMS: PlayerId[] = [];

/** The plan of a living unit (a checked target always is one); a scan, since a table holds at most a few units. */
function planOf(plans: readonly Plan[], id: PlayerId): Plan {
  for (const plan of plans) if (plan.unit.id === id) return plan;
  throw new RangeError(`no plan for '${id}'`);
}

/** An attack, or a missed high five resolved as one: a blocker repels it (+2 to it, -3 to the attacker). */
function hit(attacker: Plan, target: Plan): void {
  if (target.action === 'BLOCK') {
    attacker.delta -= 3;
    target.delta += 2;
  } else {
    attacker.delta += 4;
    target.delta -= 4;
  }
}

function publicAct(plan: Plan): SeenAct {
  const act: SeenAct = { action: plan.missed ? 'ATTACK' : plan.action };
  if (plan.target !== undefined) act.target = plan.target;
  if (plan.action === 'BEG') act.granted = (plan.got ?? 0) > 0;
  if (plan.ally !== undefined) act.ally = plan.ally;
  if (plan.leave !== undefined) act.leave = plan.leave;
  if (plan.share !== undefined) act.share = plan.share;
  return act;
}

/**
 * House rule `shocks` (spec 7.4): with the configured chance, every unit
 * alive at the round's start gains or loses the same 1..size sats, drawn from
 * the stream (seed, round, 'shock'); in a negative shock (RULES T-e: only
 * then) units on a high-five streak of at least `streak` rounds (this one
 * included) also get `synergy`: cooperators weather a loss better.
 */
function drawShock(state: TrustState, plans: Plan[]): SeenShock | null {
  const { chance, size, synergy, streak } = state.config.shocks;
  const rng = Rng.derive(state.seed, state.round, 'shock');
  if (!rng.chance(chance)) return null;
  const amount = rng.int(1, size);
  const delta = rng.chance(0.5) ? amount : -amount;
  const lucky: PlayerId[] = [];
  for (const plan of plans) {
    plan.delta += delta;
    if (delta < 0 && synergy > 0 && plan.unit.fives >= streak) {
      plan.delta += synergy;
      lucky.push(plan.unit.id);
    }
  }
  return { delta, synergy: lucky };
}

/**
 * House rule `alliances` (spec 7.5), after the round's eliminations: alliances
 * and offers of teams with no living unit lapse; `leave` ends an alliance;
 * `ally` accepts an offer the other team made (two offers the same round make
 * an alliance too) and otherwise makes an offer. Every change is public.
 */
function settleAlliances(before: Alliances, units: readonly TrustUnit[], plans: Plan[], events: GameEvent[]): Alliances {
  const living = new Set(units.filter((u) => u.alive).map((u) => u.team));
  let pairs = before.pairs.filter(([a, b]) => living.has(a) && living.has(b));
  let offers = before.offers.filter((o) => living.has(o.from) && living.has(o.to));
  const formed: AlliancePair[] = [];
  const left: AlliancePair[] = [];
  const offered: Array<{ from: PlayerId; to: PlayerId }> = [];
  const same = (p: AlliancePair, a: PlayerId, b: PlayerId) => (p[0] === a && p[1] === b) || (p[0] === b && p[1] === a);
  for (const plan of plans) {
    const me = plan.unit.team;
    if (plan.leave !== undefined && pairs.some((p) => same(p, me, plan.leave!))) {
      pairs = pairs.filter((p) => !same(p, me, plan.leave!));
      left.push([me, plan.leave]);
    }
    const to = plan.ally;
    if (to === undefined || !living.has(me) || !living.has(to) || pairs.some((p) => same(p, me, to))) continue;
    if (offers.some((o) => o.from === to && o.to === me)) {
      offers = offers.filter((o) => !(o.from === to && o.to === me) && !(o.from === me && o.to === to));
      const pair: AlliancePair = [to, me];
      pairs = [...pairs, pair];
      formed.push(pair);
    } else if (!offers.some((o) => o.from === me && o.to === to)) {
      offers = [...offers, { from: me, to }];
      offered.push({ from: me, to });
    }
  }
  if (formed.length || left.length || offered.length || pairs.length !== before.pairs.length || offers.length !== before.offers.length) {
    events.push({ type: 'alliances', data: { formed, left, offered, pairs, offers } });
    return { pairs, offers };
  }
  return before;
}

/** The actor's own memory of its move, when it holds more than what everyone saw. */
function ownAct(plan: Plan, seen: SeenAct): SeenAct | null {
  if (!plan.missed && plan.intended === undefined && plan.action !== 'BEG') return null;
  const own: SeenAct = { ...seen };
  if (plan.missed) {
    own.action = 'HIGH_FIVE';
    own.missed = true;
  }
  if (plan.intended !== undefined) own.intended = plan.intended;
  if (plan.action === 'BEG') {
    own.asked = plan.asked;
    own.got = plan.got;
    own.answer = plan.answer;
  }
  return own;
}

/**
 * RULES.md Trust 6-7: replicators win together (kind `replicate`); no one left
 * is a draw; at the round limit the richest team wins (`limit`), a lone
 * surviving team wins by `elimination`, equal sats are a draw. A lone survivor
 * plays on before the limit (spec 5.2: it may keep accumulating to replicate).
 */
const ONGOING: Outcome = { over: false, winners: [], kind: null };

function decideOutcome(state: TrustState, replicatorTeams: PlayerId[]): Outcome {
  if (replicatorTeams.length) return { over: true, winners: [...new Set(replicatorTeams)], kind: 'replicate' };
  if (!state.units.some((u) => u.alive)) return { over: true, winners: [], kind: 'draw' };
  if (state.round < state.config.maxRounds) return ONGOING;
  const teams = livingTeamSats(state);
  if (teams.size === 1 && state.players.length > 1) return { over: true, winners: [...teams.keys()], kind: 'elimination' };
  const best = Math.max(...teams.values());
  const richest = [...teams].filter(([, sats]) => sats === best).map(([team]) => team);
  return richest.length === 1 ? { over: true, winners: richest, kind: 'limit' } : { over: true, winners: [], kind: 'draw' };
}
