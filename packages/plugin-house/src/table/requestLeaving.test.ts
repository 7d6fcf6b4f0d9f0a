import { expect, test } from 'bun:test';
import { requestLeaving, unwatched, watchRequests } from './requestLeaving.ts';

test('a request leaving from within a watched call tells that call, through every await; outside one, no one is told', async () => {
  const told: string[] = [];
  const send = async () => {
    await Promise.resolve();
    await new Promise<void>((resolve) => setTimeout(resolve, 1));
    requestLeaving();
  };
  requestLeaving();
  await Promise.all([watchRequests(() => told.push('Ada'), send), watchRequests(() => told.push('Bram'), send)]);
  expect(told.sort()).toEqual(['Ada', 'Bram']);
});

test('what a watched call starts to outlive it, started unwatched, is not taken for its request', async () => {
  const told: string[] = [];
  let later: Promise<void> = Promise.resolve();
  await watchRequests(
    () => told.push('Ada'),
    async () => {
      later = unwatched(() => new Promise<void>((resolve) => setTimeout(() => (requestLeaving(), resolve()), 1)));
    },
  );
  await later;
  expect(told).toEqual([]);
});
