import { expect, test } from 'bun:test';
import { keepLease } from './keepLease.ts';

/** A lease whose renews answer as `renew` says. */
const leaseOf = (renew: () => Promise<boolean>) => ({ renew, leaseMs: 120, problem: (error: unknown) => (error instanceof Error ? error.message : String(error)) });
const lostWith = (renew: () => Promise<boolean>) => new Promise<string>((resolve) => keepLease(leaseOf(renew), 10, resolve));

test('a renew the database refuses because another host holds the epoch: the lease is lost', async () => {
  expect(await lostWith(async () => false)).toBe('another host took the lease');
});

test('a database that refuses every heartbeat for a whole lease: lost, saying why', async () => {
  expect(await lostWith(async () => Promise.reject(new Error('connection refused')))).toBe('the database took no heartbeat for a whole lease (connection refused)');
});

test('a heartbeat the database never answers: lost once a lease has passed, not waited for forever', async () => {
  expect(await lostWith(() => new Promise<boolean>(() => {}))).toBe('the database did not answer a heartbeat for a whole lease');
});

test('heartbeats the database takes hold the lease; a stopped heartbeat renews no more and says nothing', async () => {
  let renews = 0;
  const lost: string[] = [];
  const stop = keepLease(leaseOf(async () => ++renews > 0), 10, (why) => lost.push(why));
  while (renews < 20) await Bun.sleep(10);
  stop();
  const after = renews;
  await Bun.sleep(50);
  expect(renews).toBe(after);
  expect(lost).toEqual([]);
});

test('held while the database takes renews; not held once a lease passed without one (a process woken from a pause), until the next renew; never once stopped', async () => {
  let answering = true;
  const beat = keepLease(leaseOf(() => (answering ? Promise.resolve(true) : new Promise<boolean>(() => {}))), 10, () => {});
  await Bun.sleep(30);
  expect(beat.held()).toBe(true);
  expect(await beat.whenHeld()).toBe(true);
  answering = false;
  const since = performance.now();
  while (beat.held() && performance.now() - since < 2_000) await Bun.sleep(10);
  expect(beat.held()).toBe(false);
  // A renew that never comes: the beat ends after a lease, and whoever waited is told the lease is not held.
  expect(await beat.whenHeld()).toBe(false);
  beat();
  expect([beat.held(), await beat.whenHeld()]).toEqual([false, false]);
});

test('a writer waiting while the lease is not known held (the process was paused past it) is let go by the next renew the database takes', async () => {
  const lost: string[] = [];
  const beat = keepLease(leaseOf(async () => true), 10, (why) => lost.push(why));
  await Bun.sleep(30);
  // The process paused past its lease (120 ms): no timer ran meanwhile.
  const until = performance.now() + 200;
  while (performance.now() < until);
  expect(beat.held()).toBe(false);
  expect(await beat.whenHeld()).toBe(true);
  expect(beat.held()).toBe(true);
  expect(lost).toEqual([]);
  beat();
});
