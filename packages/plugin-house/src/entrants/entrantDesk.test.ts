import { describe, expect, test } from 'bun:test';
import { parseAdmins } from '../access.ts';
import { fakePlayers } from '../testing/fakePlayers.ts';
import { fakeRuntime } from '../testing/fakeRuntime.ts';
import type { CommandAuthor } from '../types.ts';
import { entrantCommand, type EntrantDeskHost } from './entrantDesk.ts';
import { EntrantStore, MAX_PER_OWNER } from './entrantStore.ts';
import { parseEnter } from './parseEnter.ts';
import { mintSeatToken, tokenHash, tokenMatches } from '@the-house/lab/remote/seatToken.ts';

const ada = fakeRuntime('Ada');

function desk(settings: Record<string, string> = {}, privateIds: string[] = []): EntrantDeskHost & { store: EntrantStore } {
  const store = new EntrantStore(fakeRuntime('The House'));
  return { store, entrants: store, admins: parseAdmins('00000000-0000-4000-8000-00000000a001').admins, players: fakePlayers([ada]), nameOf: async (a) => a.name, setting: (key) => settings[key], privately: async (a) => privateIds.includes(a.id) };
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
    expect(await entrantCommand(host, enter('bare openai https://api.example.org/v1 small sk-live-123'), olive)).toBe('Entered bare (openai). `!play trust me,@bare` seats it. It is private: only you or a House admin seat it (`!entrants open bare` lets anyone).');
    expect((await host.store.find('BARE'))?.key).toBe('sk-live-123');
    const list = await entrantCommand(host, { kind: 'entrants' }, mal);
    expect(list).toContain('`bare` · openai · https://api.example.org/v1 (small) · entered by Olive · private');
    expect(list).not.toContain('sk-live');
  });

  test('an OpenAI-compatible entrant without a key given privately is refused, told where the key goes', async () => {
    expect(await entrantCommand(desk(), enter('bare openai https://api.example.org/v1 small'), olive)).toBe('Not entered: bare needs its key: send `!enter bare openai BASE_URL MODEL KEY` in a direct message to the House.');
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

  test("the House's players, as its directory has them: an entrant may not take a player agent's name, and a player agent enters none", async () => {
    expect(await entrantCommand(desk(), enter('ADA a2a https://a.example.org'), olive)).toBe('ADA is the name of a player agent here (Ada); enter your agent under another name.');
    expect(await entrantCommand(desk(), enter('bot a2a https://a.example.org'), { id: ada.agentId, name: 'Ada' })).toBe('A player agent may not enter agents; a person does, with `!enter`.');
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

describe("seating someone else's entrant (issue 33, finding 2)", () => {
  const admin: CommandAuthor = { id: '00000000-0000-4000-8000-00000000a001', name: 'Ad' };
  const seatsFor = async (host: ReturnType<typeof desk>, author: CommandAuthor | null, names: string[], spent = 0) => {
    const { entrantSeats } = await import('./entrantSeats.ts');
    const { games } = await import('@the-house/games/registry.ts');
    const { clockSettings } = await import('@the-house/lab/remote/clockSettings.ts');
    const isAdminAuthor = author?.id === admin.id;
    return entrantSeats(host.store, names, games.trust!, clockSettings({}).rules, { author, admin: isAdminAuthor, privately: async () => true, spentToday: async () => spent });
  };

  test('an entrant is private: only its owner or an admin seats it; anyone else is told in one line who may and how', async () => {
    const host = desk({}, ['olive-1']);
    await entrantCommand(host, enter('bare openai https://api.example.org/v1 small sk-olive'), olive);
    const refused = await seatsFor(host, mal, ['@bare'.slice(1)]);
    expect(refused).toEqual({ ok: false, error: "bare is Olive's entrant and private: only they or a House admin seat it (they may let anyone, with `!entrants open bare`)." });
    expect(await seatsFor(host, olive, ['BARE'])).toMatchObject({ ok: true });
    expect(await seatsFor(host, admin, ['bare'])).toMatchObject({ ok: true });
    const own = await seatsFor(host, olive, ['bare']);
    expect(own.ok && own.seats.get('bare')?.record.budget).toBeUndefined();
  });

  test('its owner opens it to all within budgets per match and per day, which a stranger\'s seat carries; a spent day refuses the seat', async () => {
    const host = desk({}, ['olive-1']);
    await entrantCommand(host, enter('bare openai https://api.example.org/v1 small sk-olive'), olive);
    expect(await entrantCommand(host, { kind: 'entrants', open: { name: 'bare', budget: { matchTokens: 500 } } }, olive)).toBe("bare calls a model on Olive's key: open it with both budgets, `!entrants open bare --match-tokens N --day-tokens N`.");
    expect(await entrantCommand(host, { kind: 'entrants', open: { name: 'bare', budget: { matchTokens: 500, dayTokens: 2000 } } }, mal)).toBe("bare is Olive's entrant; only they or a House admin may open or close it.");
    expect(await entrantCommand(host, { kind: 'entrants', open: { name: 'bare', budget: { matchTokens: 500, dayTokens: 2000 } } }, olive)).toStartWith('bare is open to all (500 tokens a match, 2,000 a day)');
    const seated = await seatsFor(host, mal, ['bare']);
    expect(seated.ok && seated.seats.get('bare')?.record.budget).toEqual({ matchTokens: 500, dayTokens: 2000 });
    expect(await seatsFor(host, mal, ['bare'], 2000)).toEqual({ ok: false, error: "bare has spent today's budget its owner allows others (2,000 of 2,000 tokens); seat it again tomorrow (UTC), or ask Olive." });
    expect(await entrantCommand(host, { kind: 'entrants' }, mal)).toContain('· open to all (500 tokens a match, 2,000 a day)');
    expect(await entrantCommand(host, { kind: 'entrants', close: 'bare' }, olive)).toBe('bare is private again: only Olive or a House admin seats it.');
    expect((await seatsFor(host, mal, ['bare'])).ok).toBe(false);
  });
});
