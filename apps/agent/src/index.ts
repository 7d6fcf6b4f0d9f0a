// `bun run dev`: the House and its players on AgentServer, with the web GUI on PORT (default 3000).
import { startHost } from './host.ts';

const host = await startHost();
const shutdown = async () => {
  await host.stop().catch(() => {});
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
