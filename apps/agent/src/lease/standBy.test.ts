import { expect, test } from 'bun:test';
import { standBy } from './standBy.ts';

/** A lease whose takes answer in turn as `takes` says (a promise that never settles: a database that does not answer). */
function leaseOf(takes: Array<() => Promise<number | null>>) {
  let n = 0;
  return {
    leaseMs: 60,
    take: () => takes[Math.min(n++, takes.length - 1)]!(),
    current: async () => ({ holder: 'box-a pid 1', epoch: 4, live: true, msLeft: 50 }),
    problem: (error: unknown) => (error instanceof Error ? error.message : String(error)),
  };
}

test('a standby says once who is active, waits, and takes the lease when a take succeeds', async () => {
  const lines: string[] = [];
  const epoch = await standBy(leaseOf([async () => null, async () => null, async () => null, async () => 5]), 5, (line) => lines.push(line));
  expect(epoch).toBe(5);
  expect(lines).toEqual(['standing by: box-a pid 1 is the active host (lease epoch 4); this host takes over when its lease lapses']);
});

test('a take the database never answers is given up after a lease and tried again, said once', async () => {
  const lines: string[] = [];
  const epoch = await standBy(leaseOf([() => new Promise(() => {}), () => Promise.reject(new Error('no answer in 60 ms')), async () => 2]), 5, (line) => lines.push(line));
  expect(epoch).toBe(2);
  expect(lines).toEqual(['standing by: the database does not answer (no answer in 60 ms); looking again']);
});
