import type { Provider } from '@elizaos/core';
import { commandList } from './commands/parse.ts';
import { houseCommandTable } from './games/houseGames.ts';
import type { HouseService } from './houseService.ts';
import { publicSummary } from './records/audience.ts';

/** HOUSE_STATE: the open tables and the rules of their games, for the House's own replies. */
export const houseStateProvider: Provider = {
  name: 'HOUSE_STATE',
  description: 'The matches the House is running (scoreboards, rounds, tables) and the rules of their games',
  get: async (runtime) => {
    const house = runtime.getService<HouseService>('house');
    if (!house) return { text: '', values: {}, data: {} };
    // What the House's own model reads goes into replies anyone in a room may read: the public's view.
    const open = house.openMatches().map((s) => publicSummary(house.games, s));
    const commands = `House commands: ${commandList(houseCommandTable())}`;
    if (!open.length) {
      return {
        text: `# The House\nNo match is open. Games: ${Object.keys(house.games).join(', ')}.\n${commands}`,
        values: { houseStatus: 'idle', houseTables: 0 },
        data: { matches: open },
      };
    }
    const lines = open.map((s) => `${s.game} ${s.id}: ${s.status}, round ${s.round}, opened by ${s.owner ?? 'the House'}. ${s.players.map((p) => `${p.name}${p.score === null ? '' : ` ${p.score}`}${p.alive ? '' : ' (out)'}`).join(', ')}.`);
    const rules = [...new Set(open.map((s) => s.game))].map((id) => `Rules of ${house.games[id]?.title ?? id}: ${house.games[id]?.summary ?? ''}`);
    const latest = open[0]!;
    return {
      text: `# The House\n${lines.join('\n')}\n${rules.join('\n')}\n${commands}`,
      values: { houseMatchId: latest.id, houseGame: latest.game, houseStatus: latest.status, houseRound: latest.round, houseTables: open.length },
      data: { summary: latest, matches: open },
    };
  },
};
