import { afterAll, expect, test } from 'bun:test';
import { registerPlayer, unregisterPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import { refusal } from '../access.ts';
import { commandList, parseCommand, type HouseCommand } from '../commands/parse.ts';
import { houseCommandTable } from '../games/houseGames.ts';
import { HouseService } from '../houseService.ts';
import { silentGateway } from '../roomGateway.ts';
import { fakeRuntime } from '../testing/fakeRuntime.ts';
import { agentMayNotText, allowedText, lobbyClosedText, nobodyAnswersText, noSeatText, notAVerbOfText, onlyPeopleOpenText } from '../texts/deskTexts.ts';
import type { CommandAuthor } from '../types.ts';
import { commandRoutes, type CommandRoute } from './commandRoutes.ts';

const players = ['Ivo', 'Jana'].map((n) => fakeRuntime(n));
for (const p of players) registerPlayer(p);
afterAll(() => {
  for (const p of players) unregisterPlayer(p);
});

const ADMIN = '00000000-0000-4000-8000-00000000a001';
const olive: CommandAuthor = { id: 'person-olive', name: 'Olive', private: true };
const mallory: CommandAuthor = { id: 'person-mal', name: 'Mallory', private: true };
/** Olive's name on someone else's id: access goes by the id the server vouches for. */
const notOlive: CommandAuthor = { id: 'person-other', name: 'Olive', private: true };
const admin: CommandAuthor = { id: ADMIN, name: 'Ad', private: true };
/** A player agent, known by its runtime's id. */
const ivo: CommandAuthor = { id: 'id-Ivo', name: 'Ivo' };

function house(): HouseService {
  const service = new HouseService(fakeRuntime('The House', { HOUSE_ROUND_DELAY_MS: '60000', HOUSE_LOBBY_MS: '600000', HOUSE_ADMINS: ADMIN }));
  service.gateway = silentGateway;
  return service;
}

/** What Olive has open when the command comes: nothing, her lobby, her match of two agents, or her match with her in a seat. */
type Setup = 'nothing' | 'lobby' | 'running' | 'oliveSits';
const opening: Record<Exclude<Setup, 'nothing'>, string[]> = { lobby: [], running: ['Ivo', 'Jana'], oliveSits: ['me', 'Ivo'] };

interface Row {
  kind: HouseCommand['kind'];
  match: CommandRoute['match'];
  who: CommandRoute['who'];
  setup: Setup;
  command: HouseCommand;
  by: CommandAuthor;
  /** The reply, given the id of Olive's match; `start`: the reply's first characters. */
  says: (id: string) => string;
  start?: true;
}

function parsed(text: string): HouseCommand {
  const result = parseCommand(text);
  if (!result?.ok) throw new Error(`not a command: ${text}`);
  return result.command;
}

const owned = (verb: string) => (id: string) => refusal(verb, id, { id: olive.id, name: 'Olive' });
const closedToo = ['closedHere', 'closing', 'lastHere'];

// One row per declared command (the last test checks none is missing): the declaration, and whom it refuses with which line.
const rows: Row[] = [
  { kind: 'help', match: 'none', who: 'anyone', setup: 'nothing', command: { kind: 'help' }, by: ivo, says: () => '**The House** runs', start: true },
  { kind: 'games', match: 'none', who: 'anyone', setup: 'nothing', command: { kind: 'games' }, by: ivo, says: () => '- **', start: true },
  { kind: 'name', match: 'none', who: 'anyone', setup: 'running', command: { kind: 'name', name: 'Mal' }, by: mallory, says: () => 'From your next seat on you sit down as Mal (a seat you hold now keeps its name).' },
  // The entrant desk checks its own access: a player agent may not enter agents.
  { kind: 'enter', match: 'none', who: 'anyone', setup: 'nothing', command: parsed('!enter Bot http https://bot.example.org/turn'), by: ivo, says: () => 'A player agent may not enter agents; a person does, with `!enter`.' },
  { kind: 'entrants', match: 'none', who: 'anyone', setup: 'nothing', command: { kind: 'entrants' }, by: ivo, says: () => 'No entrants yet. `!enter NAME a2a URL` (or mcp, http, openai) registers your agent.' },
  { kind: 'status', match: ['mineIfOne', ...closedToo] as CommandRoute['match'], who: 'anyone', setup: 'running', command: { kind: 'status' }, by: mallory, says: (id) => `trust ${id}: running, round`, start: true },
  { kind: 'play', match: [], who: 'person', setup: 'nothing', command: { kind: 'play', game: 'trust', players: [], options: {} }, by: ivo, says: () => onlyPeopleOpenText },
  { kind: 'join', match: [], who: 'lobbyGuest', setup: 'lobby', command: { kind: 'join' }, by: mallory, says: (id) => lobbyClosedText('Olive', id, 'trust') },
  { kind: 'kick', match: [], who: 'ownerOrAdmin', setup: 'lobby', command: { kind: 'kick', player: 'Ivo' }, by: mallory, says: owned('kick') },
  { kind: 'start', match: ['notHere'], who: 'ownerOrAdmin', setup: 'lobby', command: { kind: 'start' }, by: notOlive, says: owned('start') },
  { kind: 'stop', match: ['notHere'], who: 'ownerOrAdmin', setup: 'running', command: { kind: 'stop' }, by: notOlive, says: owned('stop') },
  { kind: 'resume', match: ['paused'], who: 'ownerOrAdmin', setup: 'running', command: { kind: 'resume', options: {} }, by: mallory, says: owned('resume') },
  { kind: 'grant', match: ['begging', 'mine'], who: 'observer', setup: 'running', command: { kind: 'grant', player: 'Ivo', amount: 1, reason: 'r' }, by: mallory, says: owned('grant') },
  { kind: 'decline', match: ['begging', 'mine'], who: 'observer', setup: 'oliveSits', command: { kind: 'decline', player: 'Ivo', reason: 'r' }, by: admin, says: (id) => nobodyAnswersText(id, 'Olive', 'decline') },
  { kind: 'move', match: ['seated'], who: 'seated', setup: 'running', command: { kind: 'move', text: 'cooperate' }, by: olive, says: () => noSeatText('move') },
  { kind: 'done', match: ['seated'], who: 'seated', setup: 'running', command: { kind: 'done' }, by: mallory, says: () => noSeatText('done') },
  { kind: 'view', match: ['seated'], who: 'seated', setup: 'running', command: { kind: 'view' }, by: admin, says: () => noSeatText('view') },
  // A running match is not forked: the table's open match is found, and the line says when it may be.
  { kind: 'fork', match: ['lastHere'], who: 'person', setup: 'running', command: { kind: 'fork', phase: 2, seats: [] }, by: olive, says: (id) => `Match ${id} is running: a match is forked once it has finished or stopped.` },
  // A game's verbs are its adapter's: Trust has no `!dm`.
  { kind: 'game', match: ['seated', ...closedToo] as CommandRoute['match'], who: 'anyone', setup: 'running', command: { kind: 'game', verb: 'dm', args: [], text: '' }, by: mallory, says: () => notAVerbOfText('dm', 'trust', commandList(houseCommandTable())) },
];

async function answer(setup: Setup, command: HouseCommand, by: CommandAuthor): Promise<{ reply: string; id: string }> {
  const h = house();
  if (setup !== 'nothing') await h.handleCommand({ kind: 'play', game: 'trust', players: opening[setup], seed: 7, options: {} }, olive);
  const id = h.openMatches()[0]?.id ?? '';
  const reply = await h.handleCommand(command, by);
  await h.stop();
  return { reply, id };
}

for (const row of rows) {
  test(`!${row.kind}: ${row.who}, its match ${row.match === 'none' ? 'none' : `here, else ${row.match.join(', ') || 'nowhere else'}`}; ${row.by.name} (${row.by.id}) hears the declared line`, async () => {
    expect(commandRoutes.get(row.kind)).toMatchObject({ match: row.match, who: row.who });
    const { reply, id } = await answer(row.setup, row.command, row.by);
    if (row.start) expect(reply).toStartWith(row.says(id));
    else expect(reply).toBe(row.says(id));
  });
}

test("!stop: a player agent is told it may not; the opener and an admin stop the match, whoever's name they carry", async () => {
  const agent = await answer('running', { kind: 'stop' }, ivo);
  expect(agent.reply).toBe(agentMayNotText('stop', agent.id));
  for (const by of [olive, admin]) {
    const { reply, id } = await answer('running', { kind: 'stop' }, by);
    expect(reply).toMatch(new RegExp(`^Match ${id} stopped at round \\d+\\.$`));
  }
});

test('a command kind with no route gets the allowed commands', async () => {
  const { reply } = await answer('running', { kind: 'shout' } as unknown as HouseCommand, mallory);
  expect(reply).toBe(allowedText(commandList(houseCommandTable())));
});

test('every command kind has a route and a row above', () => {
  expect([...commandRoutes.keys()].sort()).toEqual(rows.map((r) => r.kind).sort());
});
