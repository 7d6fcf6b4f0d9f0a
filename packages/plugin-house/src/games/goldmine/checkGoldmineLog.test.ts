import { expect, test } from 'bun:test';
import { Match } from '../../engine/match.ts';
import { runMatchSync } from '../../engine/runner.ts';
import { checkGoldmineLog } from './checkGoldmineLog.ts';
import { goldmineGame } from './goldmineGame.ts';

test('a match log re-plays round by round; a tampered round is found', () => {
  const players = ['r1', 'r2', 'g', 't'];
  const names = ['random', 'random', 'greedy-mine', 'tit-for-tat-raid'];
  const config = goldmineGame.configSchema.parse({ rounds: 15, size: 4 });
  const match = Match.create(goldmineGame, config, 11, players);
  runMatchSync(match, Object.fromEntries(players.map((p, i) => [p, goldmineGame.strategies[names[i]!]!])));
  const entries = JSON.parse(JSON.stringify(match.log!.entries));
  expect(checkGoldmineLog(config, 11, players, entries)).toEqual({ ok: true, rounds: 15 });
  const round7 = entries.find((e: { round: number; type: string }) => e.round === 7 && e.type === 'round');
  round7.data.gold[0] += 1;
  expect(checkGoldmineLog(config, 11, players, entries)).toEqual({ ok: false, round: 7, reason: 'the logged round differs from its re-play' });
  expect(checkGoldmineLog(config, 12, players, JSON.parse(JSON.stringify(match.log!.entries))).ok).toBe(false);
});
