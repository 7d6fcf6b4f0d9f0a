import { describe, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { trustConfigSchema } from '@the-house/games/trust/trustConfig.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import { strategyTable } from '../seats/strategyTable.ts';
import { playerIds } from '../tournament/roundRobin.ts';
import { strategiesArg } from './args.ts';

describe('CLI line-ups', () => {
  test('repeated strategy names get unique ids', () => {
    expect(playerIds(strategiesArg(trustGame, 'copycat,grudger,copycat,copycat', false))).toEqual(['copycat', 'grudger', 'copycat-2', 'copycat-3']);
  });

  test('`all` names the whole cast only where allowed', () => {
    expect(strategiesArg(trustGame, 'all', true).map((s) => s.name)).toEqual(Object.keys(trustGame.strategies));
    expect(() => strategiesArg(trustGame, 'all', false)).toThrow("unknown trust strategy 'all'");
  });

  test("a spawned unit plays its team's strategy", () => {
    const cast = strategiesArg(trustGame, 'prudent,always-cheat', false);
    const ids = playerIds(cast);
    const table = strategyTable(ids, cast);
    expect(table['prudent#2']).toBe(cast[0]!);
    const match = Match.create(trustGame, trustConfigSchema.parse({ startSats: 100, replicate: 'spawn', maxRounds: 3, missChance: 0 }), 1, ids);
    runMatchSync(match, table);
    const spawned = match.log!.entries.filter((e) => e.type === 'spawned').map((e) => e.data!.unit);
    expect(spawned).toContain('prudent#2');
    expect(match.log!.entries.some((e) => e.type === 'fallback' && e.data!.player === 'prudent#2')).toBe(false);
  });
});
