import { expect, test } from 'bun:test';
import { dmRoomName } from './roomNames.ts';

test('a DM room is named by its members first, then the game and the end of the match id', () => {
  expect(dmRoomName('Influence', 'influence-42-3fa2c1d9', ['Bram', 'Ada'])).toBe('DM Ada, Bram · Influence 3fa2c1d9');
  expect(dmRoomName('Influence', 'plain', ['Cleo'])).toBe('DM Cleo · Influence plain');
});
