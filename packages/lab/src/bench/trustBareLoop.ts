import { Rng } from '@the-house/games/engine/rng.ts';

/**
 * Trust for two players in its default rules, as a bare loop: no views, no
 * decision objects, no checks, no log; the classic strategies as a switch on
 * a number and two rounds of memory. It plays the same game as the engine,
 * draw for draw (the same derived streams for misses and for `random`), so
 * the engine's time over its time is what the engine's generality costs
 * (`trust.bench.ts`); `trustBareLoop.test.ts` holds it to the engine's results.
 */
export const BARE_CAST = ['copycat', 'always-cooperate', 'always-cheat', 'grudger', 'detective', 'copykitten', 'simpleton', 'random'] as const;

const HF = 0;
const ATTACK = 1;
const BLOCK = 2;
const NOTHING = 3;
const REPLICATE = 4;

const MISS = 0.15;
const START = 50;
const ROUNDS = 30;
const REPLICATE_AT = 100;
const REPLICATE_COST = 50;

/** A seat's memory: what the other did to it (as seen: a missed high five is an attack), and its own last move. */
interface Seat {
  kind: number;
  id: string;
  sats: number;
  alive: boolean;
  idle: number;
  /** The other attacked me last round, the round before, ever; it high-fived me last round. */
  hitLast: boolean;
  hitBefore: boolean;
  hitEver: boolean;
  fivedLast: boolean;
  /** My own move last round as I remember it (a missed high five is still one), -1 before round 1. */
  mine: number;
  move: number;
  missed: boolean;
  delta: number;
}

function seat(kind: number, id: string): Seat {
  return { kind, id, sats: START, alive: true, idle: 0, hitLast: false, hitBefore: false, hitEver: false, fivedLast: false, mine: -1, move: 0, missed: false, delta: 0 };
}

/** The strategy's move against a living opponent (REPLICATE and a lone survivor's moves come first, as the engine's `obvious`). */
function choose(s: Seat, round: number, seed: number): number {
  switch (s.kind) {
    case 0: // copycat
      return s.hitLast ? ATTACK : HF;
    case 1: // always-cooperate
      return HF;
    case 2: // always-cheat
      return ATTACK;
    case 3: // grudger
      return s.hitEver ? ATTACK : HF;
    case 4: // detective
      if (round <= 4) return round === 2 ? ATTACK : HF;
      return !s.hitEver || s.hitLast ? ATTACK : HF;
    case 5: // copykitten
      return s.hitLast && s.hitBefore ? ATTACK : HF;
    case 6: {
      // simpleton
      if (s.mine < 0) return HF;
      const previous = s.mine === ATTACK ? ATTACK : HF;
      return s.fivedLast ? previous : previous === ATTACK ? HF : ATTACK;
    }
    default:
      return Rng.derive(seed, 'brain', s.id, round, 'act').chance(0.5) ? HF : ATTACK;
  }
}

function hit(attacker: Seat, target: Seat): void {
  if (target.move === BLOCK) {
    attacker.delta -= 3;
    target.delta += 2;
  } else {
    attacker.delta += 4;
    target.delta -= 4;
  }
}

/** One match; `out` gets both seats' sats and the last round played. */
export function bareMatch(kindA: number, kindB: number, idA: string, idB: string, seed: number, out: Int32Array): void {
  const a = seat(kindA, idA);
  const b = seat(kindB, idB);
  const both = [a, b] as const;
  const pairs = [[a, b], [b, a]] as const;
  let round = 1;
  for (; ; round++) {
    for (const [s, o] of pairs) {
      if (!s.alive) continue;
      s.delta = 0;
      s.missed = false;
      if (s.sats >= REPLICATE_AT) s.move = REPLICATE;
      else if (!o.alive) s.move = s.idle >= 2 ? BLOCK : NOTHING;
      else s.move = choose(s, round, seed);
    }
    for (const s of both) if (s.alive && s.move === HF) s.missed = Rng.derivedChance(MISS, seed, round, 'miss', s.id);
    let replicated = false;
    for (const [s, o] of pairs) {
      if (!s.alive) continue;
      s.idle = s.move === NOTHING ? s.idle + 1 : 0;
      if (s.move === HF) {
        if (s.missed) hit(s, o);
        else s.delta += o.move === HF && !o.missed ? 3 : -2;
      } else if (s.move === ATTACK) hit(s, o);
      else if (s.move === BLOCK) s.delta -= 1;
      else if (s.move === NOTHING) {
        if (s.idle >= 3) s.delta -= 3;
      } else {
        s.delta -= REPLICATE_COST;
        replicated = true;
      }
    }
    for (const [s, o] of pairs) {
      if (!s.alive) continue;
      s.sats += s.delta;
      if (s.sats <= 0 && s.move !== REPLICATE) s.alive = false;
      // What it remembers of the round: the other's move as everyone saw it, and its own.
      const seen = o.move === HF && o.missed ? ATTACK : o.move;
      s.hitBefore = s.hitLast;
      s.hitLast = seen === ATTACK;
      s.hitEver ||= s.hitLast;
      s.fivedLast = seen === HF;
      s.mine = s.move;
    }
    if (replicated || (!a.alive && !b.alive) || round >= ROUNDS) break;
  }
  out[0] = a.sats;
  out[1] = b.sats;
  out[2] = round;
}
