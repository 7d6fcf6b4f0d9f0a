import { describe, expect, test } from 'bun:test';
import { strategyFor } from '@the-house/lab/decision/strategyMove.ts';
import { characterBrain } from './characterBrain.ts';

describe('characterBrain', () => {
  test('an offline character plays its strategy per game', () => {
    const { brain, problems } = characterBrain({ brain: 'offline', strategies: { trust: 'grudger', cafe: 'hoarder' } }, true);
    expect(brain).toEqual({ kind: 'offline', strategies: { trust: 'grudger', cafe: 'hoarder' } });
    expect(problems).toEqual([]);
  });

  test('a model character thinks with the model when there is one, and keeps its strategies as the fallback', () => {
    const settings = { brain: 'model', strategies: { influence: 'paranoid' } };
    expect(characterBrain(settings, true).brain).toEqual({ kind: 'model', fallback: { influence: 'paranoid' } });
    expect(characterBrain(settings, false).brain).toEqual({ kind: 'offline', strategies: { influence: 'paranoid' } });
  });

  test('a strategy name as brain (the older form) counts for every game that has it', () => {
    expect(characterBrain({ brain: 'copycat' }, false).brain).toEqual({ kind: 'offline', strategies: { matrix: 'copycat', trust: 'copycat' } });
    expect(characterBrain({ brain: 'random' }, false).brain).toEqual({ kind: 'offline', strategies: { goldmine: 'random', influence: 'random', matrix: 'random', trust: 'random' } });
    expect(characterBrain({ brain: 'model', offlineStrategy: 'copykitten' }, false).brain).toEqual({ kind: 'offline', strategies: { matrix: 'copykitten', trust: 'copykitten' } });
  });

  test('unknown games, strategies and brains are reported with what exists, never thrown', () => {
    const { brain, problems } = characterBrain({ brain: 'wizard', strategies: { chess: 'x', trust: 'nice' } }, false);
    expect(brain.kind).toBe('offline');
    expect(problems[0]).toStartWith("unknown game 'chess' (games: ");
    expect(problems[1]).toStartWith("trust has no strategy 'nice' (strategies: copycat, ");
    expect(problems[2]).toBe("brain 'wizard' is neither 'model', 'offline' nor a strategy name");
    expect(characterBrain({ brain: 7 }, false).problems[0]).toStartWith('bad brain settings: brain: ');
  });
});

test('strategyFor: the named strategy of the game, else its first; null for an unknown game', () => {
  expect(strategyFor('trust', { trust: 'grudger' })).toBe('grudger');
  expect(strategyFor('trust', { trust: 'nope' })).toBe('copycat');
  expect(strategyFor('trust', null)).toBe('copycat');
  expect(strategyFor('chess', null)).toBeNull();
});

test('a character file naming constructor or toString as a strategy is told so, and plays the game’s first baseline', () => {
  const { problems } = characterBrain({ brain: 'offline', strategies: { trust: 'constructor', cafe: 'toString' } }, false);
  expect(problems).toEqual([expect.stringMatching(/^trust has no strategy 'constructor'/), expect.stringMatching(/^cafe has no strategy 'toString'/)]);
  expect(characterBrain({ brain: 'constructor' }, false).problems).toEqual(["brain 'constructor' is neither 'model', 'offline' nor a strategy name"]);
  expect(strategyFor('trust', { trust: 'constructor' })).toBe(strategyFor('trust', null));
});
