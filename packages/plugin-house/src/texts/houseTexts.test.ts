import { describe, expect, test } from 'bun:test';
import { trustConfigSchema } from '@the-house/games/trust/trustConfig.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import type { StoredMatch } from '../types.ts';
import { games } from '@the-house/games/registry.ts';
import { beginsText, budgetPausedText, failedText, haltedText, roomStoppedText, savePausedText, scoreText, startedText } from './houseTexts.ts';

describe('scoreText', () => {
  test("one of a game's score unit is said in the singular, any other count in the plural", () => {
    expect(scoreText(1, 'rounds survived')).toBe('1 round survived');
    expect(scoreText(3, 'rounds survived')).toBe('3 rounds survived');
    expect(scoreText(1, 'sats')).toBe('1 sat');
    expect(scoreText(0, 'sats')).toBe('0 sats');
    expect(scoreText(1, 'gold')).toBe('1 gold');
    expect(scoreText(1.5, 'tokens')).toBe('1.50 tokens');
    expect(scoreText(1, 'tokens')).toBe('1 token');
    expect(scoreText(1234, 'points')).toBe('1,234 points');
    expect(scoreText(1, '')).toBe('1');
  });
});

describe('beginsText', () => {
  test("the room hears this match's rules from its config, not the game's defaults", () => {
    const stored = { players: ['Ada', 'Bram'], seed: 11 } as unknown as StoredMatch;
    const text = beginsText(trustGame, stored, trustGame.setup(trustConfigSchema.parse({ missChance: 0.2, startSats: 70 }), 11, ['Ada', 'Bram']));
    expect(text).toStartWith('Trust begins: Ada, Bram (seed 11).\n');
    expect(text).toContain('A HIGH_FIVE misses 20% of the time');
    expect(text).toContain('Units start with 70 sats');
    expect(text).not.toContain('15%');
  });
});

describe('startedText', () => {
  test('in the web GUI the room and the dashboard are relative links (they open on the address the person used); elsewhere the address for people', () => {
    const stored = { id: 'trust-5-a1b2c3d4', game: 'trust', players: ['Ada', 'Bram'], seed: 5, channelId: 'room-1', serverId: 'srv' } as unknown as StoredMatch;
    expect(startedText(games, stored, 'http://localhost:3000/house')).toEndWith('Watch it in the room [Trust a1b2 · Ada, Bram](/group/room-1?messageServerId=srv), or on the dashboard: [/house](/house)');
    const fromDiscord = { ...stored, origin: { source: 'discord', channelId: 'c1' } } as StoredMatch;
    expect(startedText(games, fromDiscord, 'http://localhost:3000/house')).toEndWith('Watch it in the room "Trust a1b2 · Ada, Bram", or on the dashboard: http://localhost:3000/house');
  });
});

describe("a room's last line", () => {
  test('says what happened, and how to resume where a match can, or that it ends here', () => {
    const id = 'trust-1-abc';
    expect(budgetPausedText(id, 'tokens 1200 > 1000')).toContain(`!resume ${id}`);
    expect(savePausedText(id)).toContain(`!resume ${id}`);
    expect(haltedText(id, 7)).toBe(`Match ${id} pauses at round 7: the House is stopping. It plays on by itself from its last saved round when the House starts again.`);
    expect(haltedText(id, 0)).toStartWith(`Match ${id} pauses: the House is stopping.`);
    expect(roomStoppedText(id, 3, 'Pat')).toContain('it ends here, unfinished and unrated');
    expect(failedText(id)).toBe(`Match ${id} stopped: the House could not play it on (its log says why). It ends here, unfinished and unrated; its page keeps the rounds played.`);
  });
});
