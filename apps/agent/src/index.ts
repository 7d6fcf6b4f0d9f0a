// `bun run dev`: the House and its players on AgentServer, with the web GUI on PORT (default 3000).
import { splitLogLevel } from './logLevels.ts';

// Before anything imports @elizaos/core, whose logger reads LOG_LEVEL once.
splitLogLevel(process.env);
const { startHost } = await import('./host.ts');
const { HostError } = await import('./dataDirLock.ts');

let host: Awaited<ReturnType<typeof startHost>>;
try {
  host = await startHost();
} catch (error) {
  // A host that cannot start says why in one line (another host on the data directory, a database that will not open).
  process.stderr.write(`error: ${error instanceof HostError ? error.message : error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
  process.exit(1);
}
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  await host.stop().catch((error) => console.log(`[host] stop: ${error instanceof Error ? error.message : String(error)}`));
  console.log(`[host] stopped (${signal}); open matches resume at the next start`);
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
