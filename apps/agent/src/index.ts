// `bun run dev`: the House and its players on AgentServer, with the web GUI on PORT (default 3000).
import { splitLogLevel } from './logLevels.ts';

// Before anything imports @elizaos/core, whose logger reads LOG_LEVEL once.
splitLogLevel(process.env);
const { startHost } = await import('./host.ts');
const { HostError } = await import('./dataDirLock.ts');
const { standbySettings } = await import('./lease/standbySettings.ts');
const { runLeased } = await import('./lease/leasedHost.ts');

const standby = standbySettings(process.env);
if ('error' in standby) {
  process.stderr.write(`error: ${standby.error}\n`);
  process.exit(1);
}
let host: Awaited<ReturnType<typeof startHost>>;
/** A host under the House's lease lets it lapse once stopped (HOUSE_STANDBY: a standby takes over at once). */
let release = async () => {};
try {
  if (standby.on) {
    // A host that lost the lease exits at once: another host holds the House, and this one must write nothing more.
    const lost = (why: string) => {
      console.log(`[host] ${why}; this host stops now and writes nothing more (start it again to stand by)`);
      process.exit(3);
    };
    const leased = await runLeased(standby, () => startHost(), (line) => console.log(`[host] ${line}`), lost);
    host = leased.host;
    release = leased.release;
  } else host = await startHost();
} catch (error) {
  // A host that cannot start says why in one line (another host on the data directory, a database that will not open).
  process.stderr.write(`error: ${error instanceof HostError ? error.message : error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
  process.exit(1);
}
/** Ctrl-C often arrives twice (the terminal's process group, and `bun run` passing it on): repeats this soon are the same one. */
const REPEAT_MS = 3000;
let stoppingSince = 0;
const shutdown = async (signal: string) => {
  if (stoppingSince) {
    if (Date.now() - stoppingSince < REPEAT_MS) return;
    console.log(`[host] ${signal} again: exiting without waiting for the stop to finish`);
    process.exit(130);
  }
  stoppingSince = Date.now();
  await host.stop().catch((error) => console.log(`[host] stop: ${error instanceof Error ? error.message : String(error)}`));
  await release().catch((error) => console.log(`[host] the lease could not be let go (a standby takes over once it lapses): ${error instanceof Error ? error.message : String(error)}`));
  console.log(`[host] stopped (${signal}); open matches resume at the next start`);
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
