import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { logger as frameworkLogger, type Character, type IAgentRuntime, type Plugin } from '@elizaos/core';
import bootstrapPlugin from '@elizaos/plugin-bootstrap';
import { AgentServer, type ServerMiddleware } from '@elizaos/server';
import { holdResumes, housePlugin, parseAdmins, useHouseLog, useRoomGateway } from '@the-house/plugin-house';
import { characterBrain, offlineBrainPlugin, playerPlugin } from '@the-house/plugin-player';
import { parseFetchAllow } from '@the-house/lab/net/outboundPolicy.ts';
import { databaseError, HostError, lockDataDir } from './dataDirLock.ts';
import { serverGateway } from './serverGateway.ts';
import { registerDiscordSendHandler } from './discordSendHandler.ts';
import { inProcessBusPlugin, serveBusInProcess } from './inProcessBus.ts';
import { replaceApiRateLimit } from './peopleRateLimit.ts';
import { byteLimit, jsonBodies, plainErrors } from './jsonBodies.ts';
import { parseDeclaredEntrants } from '@the-house/plugin-house/entrants/declaredEntrants.ts';
import { readableFile } from '@the-house/plugin-house/entrants/readableFile.ts';
import { houseLogs } from './logLevels.ts';
import { quietLines } from './quietLines.ts';
import { listenWhenUp } from './listenWhenUp.ts';
import { shortUrls } from './shortUrls.ts';
import { memoSettings } from './memoSettings.ts';
import { usePgliteThread } from './pgliteThread.ts';
import { skipUnloggedLines } from './skipUnloggedLines.ts';
import { safeLogLines } from './safeLogLines.ts';
import { dropUnseenAuthorLines } from './unseenAuthorLines.ts';

export const repoRoot = resolve(import.meta.dir, '../../..');

export interface HostOptions {
  port?: number;
  charactersDir?: string;
  /** Only these player characters (by name); all when absent. */
  players?: string[];
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export interface Host {
  server: AgentServer;
  port: number;
  url: string;
  house: IAgentRuntime;
  runtimes: IAgentRuntime[];
  stop(): Promise<void>;
}

export function loadCharacters(dir: string): { house: Character; players: Character[] } {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  const read = (f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Character;
  if (!files.includes('house.json')) throw new Error(`${dir} has no house.json`);
  return { house: read('house.json'), players: files.filter((f) => f !== 'house.json').map(read) };
}

/**
 * The model plugin the environment asks for: OpenAI (or any server speaking
 * its API via OPENAI_BASE_URL), Anthropic, Ollama; none means offline brains.
 * Anthropic and Ollama plugins load only if installed.
 */
export async function modelPlugin(env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<{ name: string; plugin: Plugin } | null> {
  const choices: Array<[string, string]> = [];
  if (env.OPENAI_API_KEY) choices.push(['openai', '@elizaos/plugin-openai']);
  if (env.ANTHROPIC_API_KEY) choices.push(['anthropic', '@elizaos/plugin-anthropic']);
  if (env.OLLAMA_API_ENDPOINT || env.OLLAMA_API_URL) choices.push(['ollama', '@elizaos/plugin-ollama']);
  for (const [name, pkg] of choices) {
    try {
      const mod = (await import(pkg)) as { default?: Plugin };
      if (mod.default) return { name, plugin: mod.default };
    } catch {
      log(`${pkg} is not installed (add it with: bun add --cwd apps/agent ${pkg}); trying the next model setting`);
    }
  }
  return null;
}

/** Discord for a character: the House uses DISCORD_API_TOKEN, a player its own token in settings.secrets. */
async function discordPlugin(): Promise<Plugin> {
  const mod = (await import('@elizaos/plugin-discord')) as { default: Plugin };
  return mod.default;
}

function hasOwnDiscordToken(character: Character): boolean {
  const secrets = (character.settings?.secrets ?? {}) as Record<string, unknown>;
  return typeof secrets.DISCORD_API_TOKEN === 'string' && secrets.DISCORD_API_TOKEN.length > 0;
}

/**
 * Defaults that make `bun run dev` safe offline: Sentry off, loopback only,
 * data and match files inside the repo, a salt. LOG_LEVEL is the
 * framework's here: `bun run dev` has split the person's level already
 * (logLevels.ts), and a host started by a test keeps whatever it was given.
 */
export function applyDefaults(env: NodeJS.ProcessEnv): void {
  env.SENTRY_DSN ||= 'disabled';
  env.SERVER_HOST ||= '127.0.0.1';
  env.PGLITE_DATA_DIR ||= join(repoRoot, '.eliza', '.elizadb');
  env.HOUSE_MATCH_DIR ||= join(repoRoot, '.eliza', 'matches');
  // The House's own files (its signing key, running matches' files): beside the database, never in the match folder.
  env.HOUSE_DATA_DIR ||= join(repoRoot, '.eliza');
  env.SECRET_SALT ||= 'the-house-development-salt';
  env.LOG_LEVEL ||= 'warn';
}

/**
 * Lines the server prints on every start that the host explains in its own
 * line instead: Sentry is off by the invalid DSN "disabled" (an empty one
 * means ElizaOS's default DSN), the port is in "web GUI at", and an open REST
 * API is harmless on loopback (the host warns when it is not).
 */
function startLines(loopbackOnly: boolean): RegExp[] {
  return [/^Invalid Sentry Dsn: disabled$/, /^AgentServer is listening on port \d+$/, ...(loopbackOnly ? [/API Key: DISABLED \(set ELIZA_SERVER_AUTH_TOKEN to enable\)/] : [])];
}

/**
 * Boots AgentServer (web GUI, REST, socket.io) with The House and its player
 * runtimes, each with its own character, memory and brain.
 */
export async function startHost(options: HostOptions = {}): Promise<Host> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => console.log(`[host] ${line}`));
  applyDefaults(env);
  // An admin named by a name anyone can take is no admin: the host does not start with one.
  const adminProblems = parseAdmins(env.HOUSE_ADMINS).problems;
  if (adminProblems.length) throw new HostError(`${adminProblems[0]}${adminProblems.length > 1 ? ` (and ${adminProblems.length - 1} more entries like it)` : ''}`);
  // Likewise an outbound allow-list the House cannot read: it would refuse every fetch, quietly.
  const fetchAllow = parseFetchAllow(env.HOUSE_FETCH_ALLOW);
  if (!fetchAllow.ok) throw new HostError(fetchAllow.error);
  // And entrants the operator declares that cannot be read: their keys would bind to nothing, or to the wrong address.
  const declared = parseDeclaredEntrants(env.HOUSE_ENTRANTS, readableFile);
  if (!declared.ok) throw new HostError(declared.error);
  const threadSetting = (env.HOUSE_PGLITE_THREAD ?? '').trim().toLowerCase();
  if (!['', 'true', 'false'].includes(threadSetting)) throw new HostError(`HOUSE_PGLITE_THREAD is '${env.HOUSE_PGLITE_THREAD}'; it takes true (PGLite in a thread of its own) or false`);
  const pgliteThread = threadSetting === 'true';
  const port = options.port ?? Number(env.PORT ?? 3000);
  const host = env.SERVER_HOST ?? '127.0.0.1';
  // Where links in the House's posts point; the agents' own bus never uses it (inProcessBus.ts).
  const loopback = host === '0.0.0.0' || host === '127.0.0.1' || host === 'localhost' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  if (!env.CENTRAL_MESSAGE_SERVER_URL) env.CENTRAL_MESSAGE_SERVER_URL = `http://${loopback}:${port}`;

  const { house, players: allPlayers } = loadCharacters(options.charactersDir ?? join(repoRoot, 'characters'));
  const wanted = options.players?.map((p) => p.toLowerCase());
  const players = wanted ? allPlayers.filter((c) => wanted.includes(c.name.toLowerCase())) : allPlayers;

  const model = await modelPlugin(env, log);
  log(model ? `model: ${model.name} for characters whose brain is 'model'` : 'model: none configured, every brain plays offline');
  const discordOn = !!env.DISCORD_API_TOKEN;
  const discord = discordOn || players.some(hasOwnDiscordToken) ? await discordPlugin() : null;
  if (discord) {
    // The House and its players reach each other in-process; in Discord each answers people, not the other bots
    // (a bot reading every round post would ask its model about each one), and none needs the audit log.
    env.DISCORD_SHOULD_IGNORE_BOT_MESSAGES ||= 'true';
    env.DISCORD_AUDIT_LOG_ENABLED ||= 'false';
  }
  if (!discordOn) log('Discord is off (no DISCORD_API_TOKEN); the House plays in the web GUI');

  const agents = [
    {
      character: { ...house, plugins: [] },
      plugins: [inProcessBusPlugin, bootstrapPlugin, housePlugin, model ? model.plugin : offlineBrainPlugin(null), ...(discordOn && discord ? [discord] : [])],
    },
    ...players.map((character) => {
      const { brain, problems } = characterBrain(character.settings, !!model);
      for (const problem of problems) log(`${character.name}: ${problem}`);
      const brainPlugin = brain.kind === 'model' ? model!.plugin : offlineBrainPlugin(brain.strategies);
      const played = Object.entries(brain.kind === 'model' ? brain.fallback : brain.strategies).map(([g, st]) => `${g} ${st}`).join(', ');
      log(`${character.name}: ${brain.kind === 'model' ? `model (${model!.name}); fallback ${played}` : `offline (${played})`}`);
      return {
        character: { ...character, plugins: [] },
        plugins: [inProcessBusPlugin, bootstrapPlugin, playerPlugin, brainPlugin, ...(discord && hasOwnDiscordToken(character) ? [discord] : [])],
      };
    }),
  ];

  const dataDir = env.POSTGRES_URL ? undefined : env.PGLITE_DATA_DIR;
  const lock = dataDir && !dataDir.startsWith('memory://') ? lockDataDir(dataDir) : null;
  // PGLite's work off the thread that answers players, when asked (the first host of a process decides, as plugin-sql's one PGLite does).
  const threaded = !!dataDir && pgliteThread && usePgliteThread(dataDir);
  const loopbackOnly = host === '127.0.0.1' || host === 'localhost';
  if (!loopbackOnly && !env.ELIZA_SERVER_AUTH_TOKEN) log(`warning: listening on ${host} with no ELIZA_SERVER_AUTH_TOKEN: anyone who can reach this port can use the REST API`);
  const signalHandlers = new Set([...process.listeners('SIGINT'), ...process.listeners('SIGTERM')]);
  const server = new AgentServer();
  // AgentServer stops on SIGINT by itself (exit 1 when a GUI holds a connection open); the host's own stop saves first.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) for (const handler of process.listeners(signal)) if (!signalHandlers.has(handler)) process.removeListener(signal, handler);
  serveBusInProcess(server);
  useRoomGateway((runtime) => serverGateway(server, runtime));
  useHouseLog((line, level) => {
    if (houseLogs(env, level)) log(line);
  });
  skipUnloggedLines(frameworkLogger);
  // A write the database refuses is logged by plugin-sql with the query's parameters (a whole match row): they stay out.
  safeLogLines(frameworkLogger);
  // A person's plain message in a game room: one warning per agent per prompt, about nothing wrong.
  dropUnseenAuthorLines(frameworkLogger);
  const restore = quietLines(startLines(loopbackOnly));
  // The House resumes its open matches once every agent of this host is up, not while its players still initialize.
  let agentsUp!: () => void;
  holdResumes(new Promise<void>((resolve) => (agentsUp = resolve)));
  let runtimes: IAgentRuntime[];
  let bound: number;
  try {
    try {
      // Built and its agents started before it listens (`listenWhenUp`); `isTestMode` is AgentServer's switch for not listening in `start`.
      await server.start({ dataDir, postgresUrl: env.POSTGRES_URL || undefined, middlewares: [shortUrls, jsonBodies(byteLimit(env.EXPRESS_MAX_PAYLOAD, 2 * 1024 * 1024)) as ServerMiddleware], isTestMode: true });
      runtimes = await server.startAgents(agents);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (/migrat|CREATE SCHEMA|pglite|database|ECONNREFUSED|password authentication/i.test(text)) throw databaseError(error, dataDir ?? 'PostgreSQL', !!env.POSTGRES_URL);
      throw error;
    }
    for (const runtime of runtimes) {
      skipUnloggedLines(runtime.logger);
      safeLogLines(runtime.logger);
      memoSettings(runtime);
    }
    // Each agent's message bus asks the server for its channels as it starts: ready means those answers are in
    // (a host stopped before them logs a connection error per agent).
    await Promise.race([Promise.all(runtimes.map((r) => r.getServiceLoadPromise('message-bus-service' as never))), Bun.sleep(30_000)]);
    // Last in line: an error nothing answered is one line of JSON, not Express's page with its stack trace.
    server.app.use(plainErrors((line) => log(line)));
    if (!replaceApiRateLimit(server.app)) log("warning: this server's /api rate limit was not found, so it still counts this machine's own requests (1,000 per 15 minutes)");
    bound = await listenWhenUp(server, port);
  } catch (error) {
    agentsUp();
    lock?.release();
    throw error;
  } finally {
    restore();
  }
  process.env.SERVER_PORT = String(bound);
  if (bound !== port) env.CENTRAL_MESSAGE_SERVER_URL = `http://${loopback}:${bound}`;
  agentsUp();
  for (const runtime of runtimes) {
    if (runtime.plugins.some((p) => p.name === discord?.name)) {
      registerDiscordSendHandler(runtime).catch((error) => log(`${runtime.character.name}: Discord posts will fail: ${error instanceof Error ? error.message : String(error)}`));
    }
  }
  const houseRuntime = runtimes.find((r) => r.character.name === house.name);
  if (!houseRuntime) throw new Error('The House did not start');
  const url = `http://${loopback}:${bound}`;
  log(`web GUI at ${url} (House + ${runtimes.length - 1} players; database: ${env.POSTGRES_URL ? 'PostgreSQL' : `${env.PGLITE_DATA_DIR}${threaded ? ', PGLite in a thread of its own' : ''}`})`);
  log(`dashboard at ${url}/house${loopbackOnly && !env.ELIZA_SERVER_AUTH_TOKEN ? '; the REST API has no key, and only this machine can reach it' : ''}`);
  return {
    server,
    port: bound,
    url,
    house: houseRuntime,
    runtimes,
    stop: async () => {
      try {
        // The House first: its running matches' rooms are told they play on at the next start, and nothing more is saved.
        await houseRuntime.getService('house')?.stop();
        await server.stop();
      } finally {
        lock?.release();
      }
    },
  };
}
