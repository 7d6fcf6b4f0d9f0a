import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, startHost, type Host } from '../../src/host.ts';
import { games } from '@the-house/games/registry.ts';
import type { DecisionRequest } from '@the-house/lab/decision/decisionRequest.ts';
import type { HouseService } from '@the-house/plugin-house/houseService.ts';

export interface TestHostOptions {
  /** Player characters to seat, by name; all of `characters/` when absent. */
  players?: string[];
  /** A folder of character files (see `testCharacters`); the repo's `characters/` by default. */
  charactersDir?: string;
  /** A PostgreSQL URL; in-memory PGLite otherwise. */
  postgresUrl?: string;
  /** A folder for PGLite instead of memory (the process's first host decides, as plugin-sql keeps one PGLite a process). */
  pgliteDir?: string;
  /** Extra settings (process-wide: ElizaOS reads them from the environment). A host given no HOUSE_DATA_DIR gets a folder of its own, removed when it stops. */
  env?: Record<string, string>;
  /** The host's own lines (the House's among them), as a person reads them in its log. */
  log?: (line: string) => void;
  /** The port to listen on (a test that talks to the host while it starts); a free one otherwise. */
  port?: number;
}

export interface TestHost extends Host {
  service: HouseService;
}

/** A loopback port nobody is listening on right now. */
export function freePort(): number {
  const probe = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('') });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

/**
 * The real host (AgentServer, web GUI, the House and its players) in this
 * process on 127.0.0.1 and a free port, quiet, on in-memory PGLite unless a
 * PostgreSQL URL is given. One per process: PGLite keeps one database per process.
 */
export async function startTestHost(options: TestHostOptions = {}): Promise<TestHost> {
  const env = process.env;
  // No countdown before a match's first round unless a test asks for one: it would add its seconds to every match a test opens.
  Object.assign(env, { SENTRY_DSN: 'disabled', SERVER_HOST: '127.0.0.1', LOG_LEVEL: env.LOG_LEVEL ?? 'error', SECRET_SALT: 'house-tests', HOUSE_COUNTDOWN_MS: '0' }, options.env ?? {});
  // The host derives it from the port; a previous host of this process left its own.
  delete env.CENTRAL_MESSAGE_SERVER_URL;
  if (options.postgresUrl) env.POSTGRES_URL = options.postgresUrl;
  else {
    delete env.POSTGRES_URL;
    env.PGLITE_DATA_DIR = options.pgliteDir ?? 'memory://';
  }
  // The House's own files (running matches', its signing key) stay this host's: another host's would be another database's matches.
  const ownData = options.env?.HOUSE_DATA_DIR ? null : mkdtempSync(join(tmpdir(), 'house-data-'));
  if (ownData) env.HOUSE_DATA_DIR = ownData;
  const host = await startHost({ port: options.port ?? freePort(), players: options.players, charactersDir: options.charactersDir, env, log: options.log ?? (() => {}) });
  const service = host.house.getService('house') as HouseService | null;
  if (!service) throw new Error('The House service did not start');
  const stop = host.stop;
  const stopAndClean = async () => {
    try {
      await stop();
    } finally {
      if (ownData) rmSync(ownData, { recursive: true, force: true });
    }
  };
  return Object.assign(host, { service, stop: stopAndClean });
}

/**
 * A characters folder for tests: the House plus players named `names`, each
 * with the given brain (`model`, `offline`, or a baseline strategy name) and copycat as its Trust fallback. Pass `dir` to
 * add players with another brain to a folder made before.
 */
export function testCharacters(names: string[], brain: string, dir = mkdtempSync(join(tmpdir(), 'house-characters-'))): string {
  writeFileSync(join(dir, 'house.json'), readFileSync(join(repoRoot, 'characters', 'house.json')));
  const template = JSON.parse(readFileSync(join(repoRoot, 'characters', 'ada.json'), 'utf8')) as Record<string, unknown>;
  for (const name of names) {
    const character = {
      ...template,
      name,
      username: name.toLowerCase(),
      bio: [`${name}, a test competitor of The House.`],
      system: `You are ${name}, a competitor in games run by The House. Answer The House's requests with exactly the JSON it asks for.`,
      settings: { brain, strategies: { trust: 'copycat' }, secrets: {} },
    };
    writeFileSync(join(dir, `${name.toLowerCase()}.json`), JSON.stringify(character, null, 2));
  }
  return dir;
}

/** The view behind a House request, read off the host's live match (for the stub model, which sees only the prompt). */
export function liveViewOf(host: TestHost): (request: DecisionRequest) => unknown {
  return (request) => {
    const detail = host.service.liveMatch(request.matchId);
    const game = games[request.game];
    return detail && game ? game.view(detail.state, request.player) : null;
  };
}

/** Resolves when the match is over (finished or stopped), checking every `everyMs`. */
export async function waitForEnd(service: HouseService, id: string, timeoutMs: number, everyMs = 200): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const s = await service.summaryOf(id);
    // The status changes as the last phase is played; its table is done once that is saved, which is what a test reads next.
    if (s && (s.status === 'finished' || s.status === 'stopped')) return void (await service.finished(id));
    await Bun.sleep(everyMs);
  }
  throw new Error(`match ${id} did not end within ${timeoutMs} ms`);
}
