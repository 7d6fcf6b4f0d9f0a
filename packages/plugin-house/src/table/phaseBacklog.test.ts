import { expect, test } from 'bun:test';
import { PhaseBacklog, RELEASE_AFTER_MS, realTimers, type BacklogTimers } from './phaseBacklog.ts';

const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

/**
 * Turns that lapse only when the test says so: a real turn lapses after
 * TURN_MS, which a loaded machine can spend between two lines of a test.
 */
function heldTurns(): { timers: BacklogTimers; lapse: () => void } {
  const lapses: Array<() => void> = [];
  return { timers: { turn: (lapse) => (lapses.push(lapse), () => {}), release: realTimers.release }, lapse: () => lapses.shift()?.() };
}

/** Past the release of a phase's held work: a timer due no earlier than the release's fires after it, then the work runs. */
const released = async () => {
  await new Promise<void>((resolve) => setTimeout(resolve, RELEASE_AFTER_MS));
  await turns();
};

test('work runs at once when nothing holds it, in the order it came', async () => {
  const done: string[] = [];
  const backlog = new PhaseBacklog(() => {});
  backlog.later(() => done.push('save'));
  backlog.later(() => done.push('post'));
  await backlog.flush();
  expect(done).toEqual(['save', 'post']);
});

test("work queued after a phase's decisions waits until every expected seat has sent its request", async () => {
  const done: string[] = [];
  const backlog = new PhaseBacklog(() => {});
  backlog.pause();
  backlog.later(() => done.push('round 1 post'));
  backlog.expect(['Ada', 'Bram']);
  await turns();
  expect(done).toEqual([]);
  backlog.sent('Ada');
  await turns();
  expect(done).toEqual([]);
  backlog.sent('Bram');
  await released();
  expect(done).toEqual(['round 1 post']);
});

test('a hold never stops work queued before it: the round before still posts while the next phase waits on the observer', async () => {
  const done: string[] = [];
  const backlog = new PhaseBacklog(() => {});
  backlog.pause();
  const saved = new Promise<boolean>((resolve) =>
    backlog.later(() => {
      done.push('round 1 save');
      resolve(true);
    }),
  );
  backlog.later(() => done.push('round 1 post'));
  backlog.expect(['Ada']);
  // As the play loop does once the next phase's decisions are in: run what waits, wait for the save, hold again.
  backlog.free();
  await saved;
  backlog.pause();
  backlog.later(() => done.push('round 2 post'));
  await turns(10);
  expect(done).toEqual(['round 1 save', 'round 1 post']);
  await backlog.flush();
  expect(done).toEqual(['round 1 save', 'round 1 post', 'round 2 post']);
});

test('a piece that fails is reported in one line and the ones after it still run', async () => {
  const warnings: string[] = [];
  const done: string[] = [];
  const backlog = new PhaseBacklog((line) => warnings.push(line));
  backlog.later(() => {
    throw new Error('disk full');
  });
  backlog.later(() => done.push('post'));
  await backlog.flush();
  expect(warnings).toEqual(['House: deferred work failed: disk full']);
  expect(done).toEqual(['post']);
});

test("a release scheduled for one phase never frees the next phase's hold", async () => {
  const done: string[] = [];
  const backlog = new PhaseBacklog(() => {});
  backlog.expect(['Ada']);
  backlog.sent('Ada');
  // Before the scheduled release runs, the phase ends and the next one holds again.
  backlog.pause();
  backlog.later(() => done.push('held'));
  await turns();
  expect(done).toEqual([]);
  await backlog.flush();
  expect(done).toEqual(['held']);
});

test("what an answer brings waits for the next phase's requests: settling the phase runs the phase before's save, not it", async () => {
  const done: string[] = [];
  const backlog = new PhaseBacklog(() => {});
  // Round 1's requests are out; its save is held until then, and its answers come in while the models think.
  backlog.pause();
  backlog.later(() => done.push('round 0 save'));
  backlog.expect(['Ada', 'Bram']);
  backlog.sent('Ada');
  backlog.sent('Bram');
  await released();
  backlog.afterAnswer(() => done.push('Ada remembers her answer'));
  backlog.afterAnswer(() => done.push("Ada's model call row"));
  await turns();
  expect(done).toEqual(['round 0 save']);
  // Every decision is in: round 1 is applied once the round before is saved, without waiting for the answers' writes.
  await backlog.settle();
  backlog.pause();
  backlog.later(() => done.push('round 1 save'));
  await turns();
  expect(done).toEqual(['round 0 save']);
  // Round 2's requests are out: the round's save and the answers' writes run, in that order.
  backlog.expect(['Ada']);
  backlog.sent('Ada');
  await released();
  await turns(8);
  expect(done).toEqual(['round 0 save', 'round 1 save', 'Ada remembers her answer', "Ada's model call row"]);
});

test("the match's last flush runs what the last answers brought", async () => {
  const done: string[] = [];
  const backlog = new PhaseBacklog(() => {});
  backlog.pause();
  backlog.afterAnswer(() => done.push('last answer remembered'));
  await backlog.settle();
  expect(done).toEqual([]);
  await backlog.flush();
  expect(done).toEqual(['last answer remembered']);
});

test("answers' work runs when nothing else waits: a save queued after it runs first, and settling never waits for it", async () => {
  const done: string[] = [];
  const backlog = new PhaseBacklog(() => {});
  let finishWrite: () => void = () => {};
  backlog.afterAnswer(() => new Promise<void>((resolve) => (finishWrite = () => (done.push('slow memory write'), resolve()))));
  backlog.afterAnswer(() => done.push('second memory write'));
  backlog.expect([]);
  await turns();
  // The first memory write is under way; the phase's decisions come in and its save is queued.
  backlog.pause();
  backlog.later(() => done.push('phase save'));
  const settled = backlog.settle().then(() => done.push('settled'));
  await turns();
  expect(done).toEqual([]);
  finishWrite();
  await settled;
  expect(done).toEqual(['slow memory write', 'phase save', 'settled']);
  await backlog.flush();
  expect(done).toEqual(['slow memory write', 'phase save', 'settled', 'second memory write']);
});

test('seats build their requests in turn: each once the one asked before it has sent its request', async () => {
  const backlog = new PhaseBacklog(() => {}, heldTurns().timers);
  const began: string[] = [];
  const seats = ['Ada', 'Bram', 'Cy'].map(async (seat) => {
    await backlog.turn(seat);
    began.push(seat);
  });
  await turns();
  expect(began).toEqual(['Ada']);
  backlog.sent('Ada');
  await turns();
  expect(began).toEqual(['Ada', 'Bram']);
  backlog.sent('Bram');
  backlog.sent('Bram');
  await Promise.all(seats);
  expect(began).toEqual(['Ada', 'Bram', 'Cy']);
});

test('a seat that holds its turn past TURN_MS (waiting on the database) lets the next one start; sending later changes nothing', async () => {
  const clock = heldTurns();
  const backlog = new PhaseBacklog(() => {}, clock.timers);
  await backlog.turn('Ada');
  let bram = false;
  const next = backlog.turn('Bram').then(() => (bram = true));
  await turns();
  expect(bram).toBe(false);
  clock.lapse();
  await next;
  expect(bram).toBe(true);
  backlog.sent('Ada');
  let cy = false;
  const third = backlog.turn('Cy').then(() => (cy = true));
  await turns();
  expect(cy).toBe(false);
  backlog.sent('Bram');
  await third;
  expect(cy).toBe(true);
});

test('a request handed to its client releases the held work, though it may wait for its provider; its leaving passes the turn', async () => {
  const done: string[] = [];
  const backlog = new PhaseBacklog(() => {}, heldTurns().timers);
  backlog.pause();
  backlog.later(() => done.push('round 1 post'));
  backlog.expect(['Ada', 'Bram']);
  await backlog.turn('Ada');
  let bram = false;
  const next = backlog.turn('Bram').then(() => (bram = true));
  backlog.handedOut('Ada');
  await turns();
  expect(bram).toBe(false);
  backlog.passTurn('Ada');
  await next;
  backlog.handedOut('Bram');
  await released();
  expect(done).toEqual(['round 1 post']);
});

test('with the real clock a turn lapses by itself after TURN_MS', async () => {
  const backlog = new PhaseBacklog(() => {});
  await backlog.turn('Ada');
  await backlog.turn('Bram');
});
