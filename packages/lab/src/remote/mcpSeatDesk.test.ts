import { describe, expect, test } from 'bun:test';
import { McpSeatDesk } from './mcpSeatDesk.ts';
import type { RemoteTurn } from './remoteTurn.ts';

const turn = (id: string): RemoteTurn => ({ format: 1, turn_id: id, table: 'm', game: 'influence', seat: 'ada', round: 1, phase: 'WHISPER', deadline: 0, ms_left: 0, bank_ms_left: 0, view: { me: 'ada' }, view_schema: null, legal: [], moves: null, schema: {}, prompt: 'p' });

describe('an MCP seat desk', () => {
  test('a turn waits for its submit; a stale id is refused; the same turn again keeps its first answer', async () => {
    const desk = new McpSeatDesk('rules');
    const waiting = desk.waitForTurn(1_000);
    const answer = desk.ask(turn('t1'), new AbortController().signal);
    expect((await waiting)?.turn_id).toBe('t1');
    expect(desk.submit('t0', { a: 1 })).toMatchObject({ ok: false, error: expect.stringContaining('not open') });
    expect(desk.submit('t1', { a: 1 })).toEqual({ ok: true, text: 'received' });
    expect(await answer).toBe('{"a":1}');
    expect(desk.submit('t1', { a: 2 })).toMatchObject({ ok: true, text: expect.stringContaining('first answer') });
    // Asked again (the House resumed): the kept answer, at once.
    expect(await desk.ask(turn('t1'), new AbortController().signal)).toBe('{"a":1}');
    expect(desk.view()).toEqual({ me: 'ada' });
  });

  test('say and whisper are drafted into the open turn; with no turn they are refused', async () => {
    const desk = new McpSeatDesk('rules');
    expect(desk.say('hi')).toMatchObject({ ok: false });
    const answer = desk.ask(turn('t2'), new AbortController().signal);
    expect(desk.whisper(['bo'], 'psst')).toMatchObject({ ok: true });
    expect(desk.say('x'.repeat(5_000))).toMatchObject({ ok: false });
    expect(desk.submit('t2', {})).toMatchObject({ ok: true });
    expect(JSON.parse(await answer)).toEqual({ whispers: [{ to: ['bo'], text: 'psst' }] });
  });

  test("the House's deadline ends the ask; a wait with no turn ends empty; closing wakes every waiter", async () => {
    const desk = new McpSeatDesk('rules');
    const stop = new AbortController();
    const asked = desk.ask(turn('t3'), stop.signal);
    stop.abort();
    await expect(asked).rejects.toThrow('no answer in time');
    expect(desk.submit('t3', {})).toMatchObject({ ok: false });
    expect(await desk.waitForTurn(5)).toBeNull();
    const waiting = desk.waitForTurn(10_000);
    desk.close();
    expect(await waiting).toBeNull();
    await expect(desk.ask(turn('t4'), new AbortController().signal)).rejects.toThrow('closed');
  });
});
