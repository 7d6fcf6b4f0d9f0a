import { expect, test } from 'bun:test';
import { fromDiscordMentions, toDiscordMentions } from './mentions.ts';

const ids = new Map([
  ['ada', '111111111111111111'],
  ['bram', '222222222222222222'],
]);
const names = new Map([...ids].map(([name, id]) => [id, name[0]!.toUpperCase() + name.slice(1)]));

test('@Name of a player with a bot becomes a Discord mention; other names and e-mail-like text stay', () => {
  expect(toDiscordMentions('@Ada, choose: !eliminate @Bram or !protect @Cleo', ids)).toBe('<@111111111111111111>, choose: !eliminate <@222222222222222222> or !protect @Cleo');
  expect(toDiscordMentions('write to house@example.org', ids)).toBe('write to house@example.org');
  expect(toDiscordMentions('@ada: your move', ids)).toBe('<@111111111111111111>: your move');
  expect(toDiscordMentions('@Ada', new Map())).toBe('@Ada');
});

test("a mention as plugin-discord hands it over (username (@id)) or raw becomes @Name for the House's parser", () => {
  expect(fromDiscordMentions('!move HIGH_FIVE ada-bot (@111111111111111111)', names)).toBe('!move HIGH_FIVE @Ada');
  expect(fromDiscordMentions('!grant <@!222222222222222222> 5 roof', names)).toBe('!grant @Bram 5 roof');
  expect(fromDiscordMentions('!move ATTACK sam (@333333333333333333)', names)).toBe('!move ATTACK @sam');
  expect(fromDiscordMentions('!status', names)).toBe('!status');
});
