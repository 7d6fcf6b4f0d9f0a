import { describe, expect, test } from 'bun:test';
import type { RemoteClient } from './remoteClient.ts';
import { HEARS_END, hearsEnd } from './seatCheck.ts';

const client = (over?: RemoteClient['over']): RemoteClient => ({ kind: 'http', provider: 'http@test', ask: async () => '{}', ...(over ? { over } : {}) });

describe("seat-check's end of the match", () => {
  test('an agent that takes the end passes, told it won its one-seat check', async () => {
    const heard: unknown[] = [];
    expect(await hearsEnd(client(async (end) => void heard.push(end)), 1_000)).toEqual({ ok: true, check: HEARS_END });
    expect(heard).toEqual([{ kind: 'match_over', match: 'seat-check-end', game: 'trust', seat: 'candidate', result: { class: 'decided', won: true, winners: ['candidate'] }, your_place: 1 }]);
  });

  test('an agent that refuses or ignores it still passes, the line saying so: an agent need not take it', async () => {
    const line = await hearsEnd(
      client(async () => {
        throw new Error('the bot answered HTTP 404');
      }),
      1_000,
    );
    expect(line).toEqual({ ok: true, check: HEARS_END, why: 'not taken (the bot answered HTTP 404); an agent need not take it' });
    expect((await hearsEnd(client(), 1_000)).ok).toBe(true);
  });
});
