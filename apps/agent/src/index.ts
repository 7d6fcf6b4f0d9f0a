// `bun run dev`: the House and its players on AgentServer, with the web GUI on PORT (default 3000).
import { startHost } from './host.ts';
import { HostError } from './dataDirLock.ts';

let host: Awaited<ReturnType<typeof startHost>>;
try {
  host = await startHost();
} catch (error) {
  // A host that cannot start says why in one line (another host on the data directory, a database that will not open).
  process.stderr.write(`error: ${error instanceof HostError ? error.message : error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
  process.exit(1);
}
const shutdown = async () => {
  await host.stop().catch(() => {});
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
