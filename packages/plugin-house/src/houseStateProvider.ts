import type { Provider } from '@elizaos/core';
import { commandList } from './commands/parse.ts';
import { houseCommandTable } from './gameAdapters.ts';
import type { HouseService } from './houseService.ts';

/** HOUSE_STATE: the current match and the rules of its game, for the House's own replies. */
export const houseStateProvider: Provider = {
  name: 'HOUSE_STATE',
  description: 'The match the House is running (scoreboard, round, begs) and the rules of its game',
  get: async (runtime) => {
    const house = runtime.getService<HouseService>('house');
    if (!house) return { text: '', values: {}, data: {} };
    const live = house.current();
    const commands = `House commands: ${commandList(houseCommandTable())}`;
    if (!live) {
      return {
        text: `# The House\nNo match yet. Games: ${Object.keys(house.games).join(', ')}.\n${commands}`,
        values: { houseStatus: 'idle' },
        data: { matches: house.listMatches() },
      };
    }
    const summary = house.summary(live.stored, live.match);
    const game = house.games[summary.game];
    return {
      text: `# The House\n${house.statusText(live)}\nRules of ${game?.title ?? summary.game}: ${game?.summary ?? ''}\n${commands}`,
      values: { houseMatchId: summary.id, houseGame: summary.game, houseStatus: summary.status, houseRound: summary.round },
      data: { summary, matches: house.listMatches() },
    };
  },
};
