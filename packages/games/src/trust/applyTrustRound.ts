import { Rng } from '../engine/rng.ts';
import type { GameEvent, Outcome, PhaseInput, PlayerId, Step } from '../engine/types.ts';
import { answerBeg } from './answerBeg.ts';
import { SPAWN_SATS } from './trustConfig.ts';
import type { TrustAction } from './trustDecision.ts';
import type { SeenAct, SeenRound, TrustState, TrustUnit } from './trustTypes.ts';
import { noiseStrikes } from './trustNoise.ts';
import { livingTeamSats } from './trustUnits.ts';
import { trustLegalMoves, validateTrustDecision } from './validateTrustDecision.ts';

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
  const notices: Record<PlayerId, string[]> = {};
  const tell = (id: PlayerId, text: string) => (notices[id] ??= []).push(text);
  const units = state.units.map((u) => ({ ...u }));
  const plans: Plan[] = [];
  const planOf: Record<PlayerId, Plan> = {};

  for (const unit of units) {
    if (!unit.alive) continue;
    const raw = input.decisions[unit.id];
    const checked = raw === undefined ? { ok: false as const, error: 'no decision arrived' } : validateTrustDecision(state, unit.id, raw);
    if (checked.ok) {
      const d = checked.decision;
      const plan: Plan = { unit, action: d.action, delta: 0 };
      if (d.action === 'HIGH_FIVE' || d.action === 'ATTACK') plan.target = d.target;
      if (d.action === 'BEG') plan.asked = d.amount;
      plans.push((planOf[unit.id] = plan));
      continue;
    }
    const reason = `${checked.error}. You did nothing this round (DO_NOTHING). Allowed: ${trustLegalMoves(state, unit.id).join('; ')}`;
    events.push({ type: 'fallback', data: { player: unit.id, action: 'DO_NOTHING', reason }, to: [unit.id] });
    tell(unit.id, reason);
    const intended = (raw as { action?: unknown } | null)?.action === 'REPLICATE' ? ('REPLICATE' as const) : undefined;
    plans.push((planOf[unit.id] = { unit, action: 'DO_NOTHING', intended, delta: 0 }));
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
      if (plan.action !== 'HIGH_FIVE' || !Rng.derive(seed, round, 'miss', plan.unit.id).chance(config.missChance)) continue;
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
        const other = planOf[plan.target!]!;
        if (plan.missed) hit(plan, other);
        else plan.delta += other.action === 'HIGH_FIVE' && !other.missed && other.target === unit.id ? 3 : -2;
        break;
      }
      case 'ATTACK':
        hit(plan, planOf[plan.target!]!);
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
        tell(unit.id, answer.granted > 0 ? `The observer granted ${answer.granted} of the ${plan.asked} sats you begged for: ${answer.reason}` : `The observer declined your beg for ${plan.asked} sats: ${answer.reason}`);
        break;
      }
      case 'REPLICATE':
        plan.delta -= config.replicateCost;
        replicators.push(plan);
        break;
    }
  }

  // RULES T-b: in the `win` variant a legal REPLICATE wins at once, before the elimination check.
  const winsNow = config.replicate === 'win';
  const eliminated: PlayerId[] = [];
  for (const plan of plans) {
    plan.unit.sats += plan.delta;
    if (plan.unit.sats <= 0 && !(winsNow && plan.action === 'REPLICATE')) {
      plan.unit.alive = false;
      eliminated.push(plan.unit.id);
    }
  }

  const replicated = winsNow || replicators.length === 0 ? replicators : replicators.filter((p) => p.unit.alive);
  const spawned: Array<{ child: TrustUnit; parent: PlayerId }> = [];
  if (config.replicate === 'spawn') {
    for (const { unit } of replicated) {
      let n = units.filter((u) => u.team === unit.team).length + 1;
      while (units.some((u) => u.id === `${unit.team}#${n}`)) n++;
      const child: TrustUnit = { id: `${unit.team}#${n}`, team: unit.team, sats: SPAWN_SATS, alive: true, idle: 0, begs: 0 };
      units.push(child);
      spawned.push({ child, parent: unit.id });
    }
  }

  const publicActs: Record<PlayerId, SeenAct> = {};
  for (const plan of plans) publicActs[plan.unit.id] = publicAct(plan);
  const sats: Record<PlayerId, number> = {};
  for (const u of units) sats[u.id] = u.sats;
  const shared: SeenRound = { round, acts: publicActs, sats };
  const memory: Record<PlayerId, SeenRound[]> = {};
  for (const u of state.units) {
    const plan = planOf[u.id];
    const own = plan && ownAct(plan, publicActs[u.id]!);
    const list = state.memory[u.id]?.slice() ?? [];
    list.push(own ? { round, acts: { ...publicActs, [u.id]: own }, sats } : shared);
    memory[u.id] = list;
  }
  // A spawned unit starts with its parent's memory: the team remembers the match so far.
  for (const { child, parent } of spawned) memory[child.id] = memory[parent] ?? [];

  events.push({ type: 'round', data: { round, acts: publicActs, sats } });
  if (eliminated.length) events.push({ type: 'eliminated', data: { players: eliminated } });
  for (const { child } of spawned) events.push({ type: 'spawned', data: { team: child.team, unit: child.id, sats: child.sats } });

  const next: TrustState = { ...state, units, memory, notices, round, result: state.result };
  const result = decideOutcome(next, config.replicate === 'win' ? replicated.map((p) => p.unit.team) : []);
  if (result.over) {
    next.result = result;
    events.push({ type: 'match_over', data: { winners: result.winners, kind: result.kind } });
  } else {
    next.round = round + 1;
  }
  return { state: next, events };
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
  return act;
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
