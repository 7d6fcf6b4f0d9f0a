import { describe, expect, test } from 'bun:test';
import { McpSeatDesk } from './mcpSeatDesk.ts';
import type { MatchEnd } from './matchEnd.ts';
import type { RemoteTurn } from './remoteTurn.ts';

const turn = (id: string): RemoteTurn => ({ format: 1, turn_id: id, table: 'm', game: 'influence', seat: 'ada', round: 1, phase: 'WHISPER', deadline: 0, ms_left: 0, bank_ms_left: 0, view: { me: 'ada' }, view_schema: null, legal: [], moves: null, schema: {}, prompt: 'p' });

describe('an MCP seat desk', () => {
  test('a turn waits for its submit; a stale id is refused; the same turn again keeps its first answer', async () => {
    const desk = new McpSeatDesk('rules');
    const waiting = desk.waitForTurn(1_000);
    const answer = desk.ask(turn('t1'), new AbortController().signal);
    expect(((await waiting) as RemoteTurn | null)?.turn_id).toBe('t1');
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

  test("a turn handed out again (the agent reconnected) carries the time left then, not when it was first sent", async () => {
    let now = 1_000;
    const desk = new McpSeatDesk('rules', () => now);
    void desk.ask({ ...turn('t5'), deadline: 11_000, ms_left: 10_000 }, new AbortController().signal).catch(() => undefined);
    expect(((await desk.waitForTurn(0)) as RemoteTurn).ms_left).toBe(10_000);
    now = 7_500;
    const again = (await desk.waitForTurn(0)) as RemoteTurn;
    expect(again).toMatchObject({ turn_id: 't5', deadline: 11_000, ms_left: 3_500 });
    now = 12_000;
    expect(((await desk.waitForTurn(0)) as RemoteTurn).ms_left).toBe(0);
    desk.close();
  });

  test('once the match is over, every wait_for_turn gives its end (a waiting one at once); over settles when the agent read it', async () => {
    const end: MatchEnd = { kind: 'match_over', match: 'm', game: 'trust', seat: 'ada', result: { class: 'forfeit', why: 'substituted', won: false, winners: ['bo'] }, your_place: 2 };
    const desk = new McpSeatDesk('rules');
    const asked = desk.ask(turn('t6'), new AbortController().signal);
    await desk.waitForTurn(0);
    const unread = new AbortController();
    unread.abort();
    await expect(desk.over(end, unread.signal)).rejects.toThrow('did not ask');
    await expect(asked).rejects.toThrow('over');
    expect(await desk.waitForTurn(10_000)).toEqual(end);
    expect(await desk.waitForTurn(10_000)).toEqual(end);
    await desk.over(end, AbortSignal.timeout(60_000));
    expect(desk.submit('t6', {})).toMatchObject({ ok: false, error: expect.stringContaining('over') });
    await expect(desk.ask(turn('t7'), new AbortController().signal)).rejects.toThrow('closed');
    desk.close();
    expect(await desk.waitForTurn(0)).toEqual(end);
  });

  test('an agent already waiting when the match ends hears it at once', async () => {
    const end: MatchEnd = { kind: 'match_over', match: 'm', game: 'trust', seat: 'ada', result: { class: 'decided', won: true, winners: ['ada'] }, your_place: 1 };
    const desk = new McpSeatDesk('rules');
    const waiting = desk.waitForTurn(25_000);
    await desk.over(end, AbortSignal.timeout(60_000));
    expect(await waiting).toEqual(end);
  });
});
