import { Rng } from '@the-house/games/engine/rng.ts';

/**
 * Trust for two players in its default rules, as a bare loop: no views, no
 * decision objects, no checks, no log; the classic strategies as a switch on
 * a number and two rounds of memory. It plays the same game as the engine,
 * draw for draw (the same derived streams for misses and for `random`), so
 * the engine's time over its time is what the engine's generality costs
 * (`trust.bench.ts`); `trustBareLoop.test.ts` holds it to the engine's results.
 * Most of a bare match's time is those draws (a hash of the labels each), so
 * the bench also times it drawing from one plain stream.
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

/**
 * Where a bare match's random draws come from: `derived`, the engine's own
 * (one stream derived per draw from seed, round, kind and subject: the same
 * match as the engine's); `stream`, one seeded stream drawn in turn (the same
 * rules and odds, other draws, and no per-draw hashing).
 */
export type BareDraws = 'derived' | 'stream';

/** The strategy's move against a living opponent (REPLICATE and a lone survivor's moves come first, as the engine's `obvious`). */
function choose(kind: number, memory: number, mine: number, round: number, seed: number, id: string, stream: Rng | null): number {
  switch (kind) {
    case 0: // copycat
      return memory & HIT_LAST ? ATTACK : HF;
    case 1: // always-cooperate
      return HF;
    case 2: // always-cheat
      return ATTACK;
    case 3: // grudger
      return memory & HIT_EVER ? ATTACK : HF;
    case 4: // detective
      if (round <= 4) return round === 2 ? ATTACK : HF;
      return !(memory & HIT_EVER) || memory & HIT_LAST ? ATTACK : HF;
    case 5: // copykitten
      return memory & HIT_LAST && memory & HIT_BEFORE ? ATTACK : HF;
    case 6: {
      // simpleton: repeat its last move if the other high-fived it, else switch
      if (mine < 0) return HF;
      const previous = mine === ATTACK ? ATTACK : HF;
      return memory & FIVED_LAST ? previous : previous === ATTACK ? HF : ATTACK;
    }
    default:
      return (stream ?? Rng.derive(seed, 'brain', id, round, 'act')).chance(0.5) ? HF : ATTACK;
  }
}

/** A seat's memory as bits: the other attacked it last round, the round before, ever; it high-fived it last round (as seen: a missed high five is an attack). */
const HIT_LAST = 1;
const HIT_BEFORE = 2;
const HIT_EVER = 4;
const FIVED_LAST = 8;

/** What a seat remembers after a round in which the other was seen doing `seen`. */
function remember(memory: number, seen: number): number {
  const hit = seen === ATTACK;
  return (memory & HIT_LAST ? HIT_BEFORE : 0) | (hit ? HIT_LAST : 0) | (hit || memory & HIT_EVER ? HIT_EVER : 0) | (seen === HF ? FIVED_LAST : 0);
}

/** Sats one side of an exchange gets: a high five (missed: an attack), an attack, a block, doing nothing, replicating. */
function payoff(move: number, missed: boolean, idle: number, other: number, otherMissed: boolean): number {
  switch (move) {
    case HF:
      if (missed) return other === BLOCK ? -3 : 4;
      return other === HF && !otherMissed ? 3 : -2;
    case ATTACK:
      return other === BLOCK ? -3 : 4;
    case BLOCK:
      return -1;
    case NOTHING:
      return idle >= 3 ? -3 : 0;
    default:
      return -REPLICATE_COST;
  }
}

/** What the other side of an exchange takes from `move`: an attack (or a missed high five) on it. */
function taken(move: number, missed: boolean, own: number): number {
  const hits = move === ATTACK || (move === HF && missed);
  return hits ? (own === BLOCK ? 2 : -4) : 0;
}

/** One match; `out` gets both seats' sats and the last round played. */
export function bareMatch(kindA: number, kindB: number, idA: string, idB: string, seed: number, out: Int32Array, draws: BareDraws = 'derived'): void {
  const stream = draws === 'stream' ? Rng.fromSeed(seed) : null;
  let satsA = START;
  let satsB = START;
  let aliveA = true;
  let aliveB = true;
  let idleA = 0;
  let idleB = 0;
  let memA = 0;
  let memB = 0;
  let mineA = -1;
  let mineB = -1;
  let round = 1;
  for (; ; round++) {
    const moveA = !aliveA ? -1 : satsA >= REPLICATE_AT ? REPLICATE : !aliveB ? (idleA >= 2 ? BLOCK : NOTHING) : choose(kindA, memA, mineA, round, seed, idA, stream);
    const moveB = !aliveB ? -1 : satsB >= REPLICATE_AT ? REPLICATE : !aliveA ? (idleB >= 2 ? BLOCK : NOTHING) : choose(kindB, memB, mineB, round, seed, idB, stream);
    const missA = moveA === HF && (stream ? stream.chance(MISS) : Rng.derivedChance(MISS, seed, round, 'miss', idA));
    const missB = moveB === HF && (stream ? stream.chance(MISS) : Rng.derivedChance(MISS, seed, round, 'miss', idB));
    if (aliveA) {
      idleA = moveA === NOTHING ? idleA + 1 : 0;
      satsA += payoff(moveA, missA, idleA, moveB, missB) + (aliveB ? taken(moveB, missB, moveA) : 0);
    }
    if (aliveB) {
      idleB = moveB === NOTHING ? idleB + 1 : 0;
      satsB += payoff(moveB, missB, idleB, moveA, missA) + (aliveA ? taken(moveA, missA, moveB) : 0);
    }
    const replicated = moveA === REPLICATE || moveB === REPLICATE;
    if (aliveA) {
      memA = remember(memA, moveB === HF && missB ? ATTACK : moveB);
      mineA = moveA;
      if (satsA <= 0 && moveA !== REPLICATE) aliveA = false;
    }
    if (aliveB) {
      memB = remember(memB, moveA === HF && missA ? ATTACK : moveA);
      mineB = moveB;
      if (satsB <= 0 && moveB !== REPLICATE) aliveB = false;
    }
    if (replicated || (!aliveA && !aliveB) || round >= ROUNDS) break;
  }
  out[0] = satsA;
  out[1] = satsB;
  out[2] = round;
}
