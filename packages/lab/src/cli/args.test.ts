import { describe, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { trustConfigSchema } from '@the-house/games/trust/trustConfig.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import { strategyTable } from '../seats/strategyTable.ts';
import { playerIds } from '../tournament/roundRobin.ts';
import { parseCliArgs, strategiesArg } from './args.ts';
import { CliHelp } from './cliError.ts';

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

describe('--help', () => {
  test('--help or -h before any -- asks for the usage (exit 0), where strict parsing refused it as an unknown option', () => {
    for (const argv of [['--help'], ['trust', '-h'], ['trust', '--seed', '1', '--help']]) {
      const asked = (() => {
        try {
          parseCliArgs(argv, { seed: { type: 'string' } }, 'play <game> --seed N');
        } catch (error) {
          return error;
        }
      })();
      expect(asked).toBeInstanceOf(CliHelp);
      expect((asked as CliHelp).message).toBe('usage: play <game> --seed N');
      expect((asked as CliHelp).code).toBe(0);
    }
  });

  test('after -- it is a positional like any other', () => {
    expect(parseCliArgs(['--', '--help'], {}, 'x').positionals).toEqual(['--help']);
  });

  // Each run starts the CLI (about half a second on a loaded 2-core machine), hence the test's own time limit.
  test('play and seat-check answer --help with their usage on stdout and exit 0', () => {
    for (const command of ['play', 'seat-check']) {
      const run = Bun.spawnSync([process.execPath, 'src/cli/main.ts', command, '--help'], { cwd: `${import.meta.dir}/../..` });
      expect(run.exitCode).toBe(0);
      expect(run.stdout.toString()).toStartWith(`usage: ${command}`);
      expect(run.stderr.toString()).not.toContain('Unknown option');
    }
  }, 30_000);
});
