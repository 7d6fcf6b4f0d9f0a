import { describe, expect, test } from 'bun:test';
import { parseAdmins } from '../access.ts';
import { fakeRuntime } from '../testing/fakeRuntime.ts';
import type { CommandAuthor } from '../types.ts';
import { entrantCommand, type EntrantDeskHost } from './entrantDesk.ts';
import { EntrantStore, MAX_PER_OWNER } from './entrantStore.ts';
import { parseEnter } from './parseEnter.ts';
import { mintSeatToken, tokenHash, tokenMatches } from '@the-house/lab/remote/seatToken.ts';

function desk(settings: Record<string, string> = {}, privateIds: string[] = []): EntrantDeskHost & { store: EntrantStore } {
  const store = new EntrantStore(fakeRuntime('The House'));
  return { store, entrants: store, admins: parseAdmins('00000000-0000-4000-8000-00000000a001').admins, nameOf: async (a) => a.name, setting: (key) => settings[key], privately: async (a) => privateIds.includes(a.id) };
}
const enter = (text: string) => {
  const parsed = parseEnter(text.split(' '));
  if (!parsed.ok) throw new Error(parsed.error);
  return { kind: 'enter' as const, entrant: parsed.value };
};
const olive: CommandAuthor = { id: 'olive-1', name: 'Olive' };
const mal: CommandAuthor = { id: 'mal-1', name: 'Mallory' };

describe('the entrant desk', () => {
  test("a key is taken only privately, kept out of every answer, and never listed", async () => {
    const host = desk({}, ['olive-1']);
    const inPublic = await entrantCommand(host, enter('bare openai https://api.example.org/v1 small sk-live-123'), mal);
    expect(inPublic).toStartWith('Not entered: a key was typed where others can read it. Revoke that key');
    expect(inPublic).not.toContain('sk-live-123');
    expect(await host.store.list()).toEqual([]);
    expect(await entrantCommand(host, enter('bare openai https://api.example.org/v1 small sk-live-123'), olive)).toBe('Entered bare (openai). `!play trust me,@bare` seats it.');
    expect((await host.store.find('BARE'))?.key).toBe('sk-live-123');
    const list = await entrantCommand(host, { kind: 'entrants' }, mal);
    expect(list).toContain('`bare` · openai · https://api.example.org/v1 (small) · entered by Olive');
    expect(list).not.toContain('sk-live');
  });

  test('a key from the .env setting; none at all is refused with where to put it', async () => {
    expect(await entrantCommand(desk(), enter('bare openai https://api.example.org/v1 small'), olive)).toContain('HOUSE_ENTRANT_KEY_BARE');
    const host = desk({ HOUSE_ENTRANT_KEY_BARE_2: 'sk-env' });
    expect(await entrantCommand(host, enter('bare-2 openai https://api.example.org/v1 small'), olive)).toStartWith('Entered bare-2');
    expect((await host.store.find('bare-2'))?.key).toBe('sk-env');
  });

  test('an entrant is its owner\'s to replace or remove (or an admin\'s); a person may hold a bounded number', async () => {
    const host = desk();
    await entrantCommand(host, enter('bot a2a https://a.example.org'), olive);
    expect(await entrantCommand(host, enter('BOT http https://b.example.org'), mal)).toBe("Not entered: bot is someone else's entrant; pick another name.");
    expect(await entrantCommand(host, { kind: 'entrants', remove: 'bot' }, mal)).toBe("bot is Olive's entrant; only they or a House admin may remove it.");
    expect(await entrantCommand(host, enter('bot http https://b.example.org --version 2'), olive)).toStartWith('Entered bot@2 (http)');
    expect(await entrantCommand(host, { kind: 'entrants', remove: 'bot' }, { id: '00000000-0000-4000-8000-00000000a001', name: 'Ad' })).toStartWith('bot is no longer entered');
    for (let i = 0; i < MAX_PER_OWNER; i++) await entrantCommand(host, enter(`m${i} mcp`), mal);
    expect(await entrantCommand(host, enter('one-more mcp'), mal)).toContain(`You have ${MAX_PER_OWNER} entrants already`);
  });

  test('seat tokens: 256 random bits, kept as a hash, compared in constant time', () => {
    const token = mintSeatToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mintSeatToken()).not.toBe(token);
    expect(tokenMatches(token, tokenHash(token))).toBe(true);
    expect(tokenMatches(mintSeatToken(), tokenHash(token))).toBe(false);
    expect(tokenMatches('short', tokenHash(token))).toBe(false);
    expect(tokenHash(token)).not.toContain(token);
  });
});
