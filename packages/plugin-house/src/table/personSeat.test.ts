import { describe, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { games } from '@the-house/games/registry.ts';
import { houseGameOf } from '../games/houseGames.ts';
import { turnMessage } from './personSeat.ts';

const turnOf = (id: string, players: string[]) => {
  const game = games[id]!;
  const match = Match.create(game, game.configSchema.parse({}), 1, players);
  const state = match.state as { round: number; phase: string };
  return turnMessage({ match, matchId: `${id}-1`, adapter: houseGameOf(id) }, game.view(match.state, players[0]!), players[0]!, state.round, state.phase, 60);
};

describe("a person's turn message", () => {
  test("names the phase only in a game of several phases: Café's first turn is 'round 1.', not 'round 1, round.'", () => {
    expect(turnOf('cafe', ['Pat', 'Ada', 'Bram', 'Cleo'])).toStartWith('Pat, your move in Café V3 (cafe-1), round 1.\n');
    expect(turnOf('trust', ['Pat', 'Ada'])).toStartWith('Pat, your move in Trust (trust-1), round 1.\n');
    expect(turnOf('matrix', ['Pat', 'Ada'])).toStartWith('Pat, your move in Matrix games (matrix-1), round 1.\n');
    expect(turnOf('influence', ['Pat', 'Ada', 'Bram', 'Cleo'])).toStartWith('Pat, your move in Influence (influence-1), round 1, WHISPER.\n');
  });
});
