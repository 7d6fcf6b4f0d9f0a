import { expect, test } from 'bun:test';
import { HumanDesk } from './humanDesk.ts';

const always = () => ({ ok: true as const, decision: { action: 'BLOCK' } });

test('a move the reply accepts reaches the game only once the reply is out ("Move accepted." before the next turn), and cannot be sent twice', async () => {
  const desk = new HumanDesk();
  let handedIn = false;
  const wait = desk.wait('Pat', { check: always, openEnded: false, signal: new AbortController().signal }).then((a) => ((handedIn = true), a));
  let posted: () => void = () => {};
  const replied = new Promise<void>((resolve) => (posted = resolve));
  expect(desk.afterReply(replied).submit('Pat', '!move block', { action: 'BLOCK' })).toBe('Move accepted.');
  await Bun.sleep(20);
  expect(handedIn).toBe(false);
  expect(desk.submit('Pat', '!move hf', { action: 'HIGH_FIVE' })).toBe('Pat, your move is already handed in.');
  posted();
  expect((await wait).decision).toEqual({ action: 'BLOCK' });
  expect(handedIn).toBe(true);
});

test('without a reply to wait for (a move not typed in chat) the move is handed in at once', async () => {
  const desk = new HumanDesk();
  const wait = desk.wait('Pat', { check: always, openEnded: false, signal: new AbortController().signal });
  expect(desk.submit('Pat', '!move block', { action: 'BLOCK' })).toBe('Move accepted.');
  expect((await wait).decision).toEqual({ action: 'BLOCK' });
});
