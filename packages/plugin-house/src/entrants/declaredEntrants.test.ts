import { describe, expect, test } from 'bun:test';
import { parseAdmins } from '../access.ts';
import { fakePlayers } from '../testing/fakePlayers.ts';
import { fakeRuntime } from '../testing/fakeRuntime.ts';
import type { CommandAuthor } from '../types.ts';
import { declaredKey, parseDeclaredEntrants, syncDeclaredEntrants } from './declaredEntrants.ts';
import { entrantCommand, type EntrantDeskHost } from './entrantDesk.ts';
import { EntrantStore } from './entrantStore.ts';
import { parseEnter } from './parseEnter.ts';

const olive: CommandAuthor = { id: 'olive-1', name: 'Olive' };
const mal: CommandAuthor = { id: 'mal-1', name: 'Mallory' };

function desk(settings: Record<string, string> = {}): EntrantDeskHost & { store: EntrantStore } {
  const store = new EntrantStore(fakeRuntime('The House'));
  return { store, entrants: store, admins: parseAdmins('').admins, players: fakePlayers(), nameOf: async (a) => a.name, setting: (key) => settings[key], privately: async () => true };
}
const enter = (text: string) => {
  const parsed = parseEnter(text.split(' '));
  if (!parsed.ok) throw new Error(parsed.error);
  return { kind: 'enter' as const, entrant: parsed.value };
};

const DECLARED = JSON.stringify([{ name: 'my-bot', kind: 'openai', url: 'https://api.example.org/v1', model: 'small', keyEnv: 'HOUSE_ENTRANT_KEY_MY_BOT' }]);

describe("the operator's .env keys (issue 33, finding 1)", () => {
  test("a person's !enter never picks up a key from the .env, whatever the name: a stranger's server gets no operator key", async () => {
    const settings = { HOUSE_ENTRANT_KEY_MY_BOT: 'sk-operator-1', HOUSE_ENTRANT_KEY_BARE: 'sk-operator-2' };
    for (const name of ['my_bot', 'my-bot', 'My.Bot', 'bare']) {
      const host = desk(settings);
      const answer = await entrantCommand(host, enter(`${name} openai http://stranger.example.org/v1 m`), mal);
      expect(answer).toBe(`Not entered: ${name} needs its key: send \`!enter ${name} openai BASE_URL MODEL KEY\` in a direct message to the House.`);
      expect(JSON.stringify(await host.store.list())).not.toContain('sk-operator');
    }
  });

  test('names that are one in canonical form are one entrant: the second is refused, and every lookup finds the first', async () => {
    const host = desk();
    expect(await entrantCommand(host, enter('my-bot a2a https://a.example.org'), olive)).toStartWith('Entered my-bot');
    for (const other of ['my_bot', 'My.Bot', 'MY-BOT', 'mybot', 'my--bot']) {
      expect(await entrantCommand(host, enter(`${other} http https://evil.example.org`), mal)).toBe("Not entered: my-bot is someone else's entrant; pick another name.");
      expect((await host.store.find(other))?.url).toBe('https://a.example.org');
    }
    expect(await entrantCommand(host, { kind: 'entrants', remove: 'My_Bot' }, mal)).toBe("my-bot is Olive's entrant; only they or a House admin may remove it.");
    // Its owner entering it again in another spelling keeps its name, so its ratings and records go on under one.
    expect(await entrantCommand(host, enter('My_Bot http https://b.example.org'), olive)).toStartWith('Entered my-bot (http).');
    expect(await host.store.list()).toMatchObject([{ name: 'my-bot', url: 'https://b.example.org' }]);
  });

  test('HOUSE_ENTRANTS declares an entrant with its exact name, URL, model and the setting that holds its key; it is the operator\'s', async () => {
    const parsed = parseDeclaredEntrants(DECLARED, () => null);
    if (!parsed.ok) throw new Error(parsed.error);
    const runtime = fakeRuntime('The House');
    const store = new EntrantStore(runtime);
    await store.put({ name: 'My_Bot', kind: 'http', url: 'https://squatter.example.org', owner: { id: 'mal-1', name: 'Mallory' }, createdAt: 1 }, () => true, false);
    const notes = await syncDeclaredEntrants(store, parsed.entrants);
    expect(notes).toEqual(["HOUSE_ENTRANTS declares my-bot: Mallory's entrant My_Bot had that name and is removed"]);
    const mine = await store.find('MY_BOT');
    expect(mine).toMatchObject({ name: 'my-bot', kind: 'openai', url: 'https://api.example.org/v1', model: 'small', declared: true, keyEnv: 'HOUSE_ENTRANT_KEY_MY_BOT', owner: { id: 'house:operator' } });
    expect(mine?.key).toBeUndefined();
    // The key is read from its setting only for that declared name, URL and model.
    const env = { HOUSE_ENTRANT_KEY_MY_BOT: 'sk-operator' };
    expect(declaredKey(parsed.entrants, { entrant: 'my-bot', url: 'https://api.example.org/v1', model: 'small' }, (k) => env[k as keyof typeof env])).toBe('sk-operator');
    expect(declaredKey(parsed.entrants, { entrant: 'my-bot', url: 'http://stranger.example.org/v1', model: 'small' }, (k) => env[k as keyof typeof env])).toBeUndefined();
    expect(declaredKey(parsed.entrants, { entrant: 'my-bot', url: 'https://api.example.org/v1', model: 'other' }, (k) => env[k as keyof typeof env])).toBeUndefined();
    expect(declaredKey(parsed.entrants, { entrant: 'my_bot', url: 'https://api.example.org/v1', model: 'small' }, (k) => env[k as keyof typeof env])).toBeUndefined();
    // A person cannot take the name, nor remove it.
    const host = { ...desk(), entrants: store, store };
    expect(await entrantCommand(host, enter('my_bot openai http://stranger.example.org/v1 m sk-mine'), mal)).toBe('Not entered: my-bot is declared by the House\'s operator (HOUSE_ENTRANTS); pick another name.');
    expect(await entrantCommand(host, { kind: 'entrants', remove: 'my-bot' }, mal)).toBe('my-bot is declared in HOUSE_ENTRANTS: the operator removes it there.');
    // Declared no more: gone at the next boot.
    expect(await syncDeclaredEntrants(store, [])).toEqual(['my-bot is no longer in HOUSE_ENTRANTS and is removed']);
    expect(await store.list()).toEqual([]);
  });

  test('HOUSE_ENTRANTS that cannot be used is refused in one line', () => {
    const bad = (text: string) => {
      const parsed = parseDeclaredEntrants(text, () => null);
      if (parsed.ok) throw new Error(`accepted ${text}`);
      expect(parsed.error).not.toContain('\n');
      expect(parsed.error).toStartWith('HOUSE_ENTRANTS');
      return parsed.error;
    };
    expect(bad('[{')).toContain('JSON');
    expect(bad(JSON.stringify([{ name: 'x', kind: 'openai', url: 'https://a.example.org/v1', model: 'm' }]))).toContain('keyEnv');
    expect(bad(JSON.stringify([{ name: 'constructor', kind: 'http', url: 'https://a.example.org' }]))).toContain('constructor');
    expect(bad(JSON.stringify([{ name: 'a-b', kind: 'http', url: 'https://a.example.org' }, { name: 'A_B', kind: 'http', url: 'https://b.example.org' }]))).toContain('twice');
    expect(bad(JSON.stringify([{ name: 'x', kind: 'http', url: 'file:///etc/passwd' }]))).toContain('URL');
    expect(bad('{"__proto__": []}')).toStartWith('HOUSE_ENTRANTS');
    expect(bad('/no/such/file.json')).toContain('/no/such/file.json');
    expect(parseDeclaredEntrants('', () => null)).toEqual({ ok: true, entrants: [] });
    expect(parseDeclaredEntrants('/etc/house/entrants.json', (path) => (path === '/etc/house/entrants.json' ? DECLARED : null))).toMatchObject({ ok: true, entrants: [{ name: 'my-bot' }] });
  });
});
