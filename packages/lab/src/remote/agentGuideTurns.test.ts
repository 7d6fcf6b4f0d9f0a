import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match } from '@the-house/games/engine/match.ts';
import { labGames } from '../games/labGames.ts';
import { checkAnswer } from '../seats/strictAnswer.ts';
import { agentGuideTurns, exampleTurn, GUIDE_END, GUIDE_START } from './agentGuideTurns.ts';

const guide = readFileSync(join(import.meta.dir, '..', '..', '..', '..', 'docs', 'agents.md'), 'utf8');

describe("the agent's guide (docs/agents.md)", () => {
  test('its generated part is what the code makes now (run `bun run docs:agents` after changing a turn, a view or a prompt)', () => {
    const start = guide.indexOf(GUIDE_START);
    const end = guide.indexOf(GUIDE_END);
    expect(start).toBeGreaterThan(0);
    expect(guide.slice(start + GUIDE_START.length, end).trim()).toBe(agentGuideTurns());
  });

  test("each game's example answer is a legal move of its example turn, held to the schema as a match holds it", () => {
    for (const lab of labGames.values()) {
      const { turn, answer } = exampleTurn(lab.game, lab.seatCheckOthers);
      const state = Match.create(lab.game, lab.game.configSchema.parse({}), 1, [turn.seat, ...lab.seatCheckOthers]).state;
      expect({ game: lab.game.id, checked: checkAnswer(lab.game, state, turn.seat, answer.action, true).ok }).toEqual({ game: lab.game.id, checked: true });
      expect(answer.turn_id).toBe(turn.turn_id);
    }
  });

  test('the README sends an agent builder to it', () => {
    expect(readFileSync(join(import.meta.dir, '..', '..', '..', '..', 'README.md'), 'utf8')).toContain('(docs/agents.md)');
  });
});
