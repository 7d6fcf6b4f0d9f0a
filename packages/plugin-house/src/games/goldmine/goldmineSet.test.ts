import { afterAll, expect, test } from 'bun:test';
import type { GoldmineState } from '@the-house/games/goldmine/goldmineTypes.ts';
import { registerPlayer, unregisterPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import { parseCommand } from '../../commands/parse.ts';
import { HouseService } from '../../houseService.ts';
import { silentGateway } from '../../roomGateway.ts';
import { fakeRuntime } from '../../testing/fakeRuntime.ts';

const players = ['Una', 'Vik'].map((n) => fakeRuntime(n));
for (const p of players) registerPlayer(p);
afterAll(() => {
  for (const p of players) unregisterPlayer(p);
});

test('!play goldmine --set talk=true (and the other RULES G-e treatments) plays a House match under them', async () => {
  const house = new HouseService(fakeRuntime('The House', { HOUSE_ROUND_DELAY_MS: '0' }));
  house.gateway = silentGateway;
  const parsed = parseCommand('!play goldmine Una Vik --seed 5 --set talk=true --set stamina=8/12 --set plotAlpha=gradient --set authority=3 --set rounds=4');
  if (!parsed?.ok) throw new Error('not a command');
  const reply = await house.handleCommand(parsed.command, { id: 'person-1', name: 'Observer' });
  const id = reply.match(/(goldmine-5-\w+)/)![1]!;
  expect((await house.finished(id))?.status).toBe('finished');
  const state = (await house.getMatch(id))!.state as GoldmineState;
  expect(state.config).toMatchObject({ talk: true, stamina: [8, 12], plotAlpha: 'gradient', authority: 3, rounds: 4 });
  expect([...state.staminaOf].sort((a, b) => a - b)).toEqual([8, 12]);
  expect(state.alphaOf).toHaveLength(100);
  await house.stop();
});
