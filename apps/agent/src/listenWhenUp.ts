import type { AgentServer } from '@elizaos/server';

/** The parts of ElizaOS 1.7.2's AgentServer that `start` listens with (private in its types, the same code). */
interface Listening {
  startHttpServer(port: number): Promise<void>;
  findAvailablePort(from: number): Promise<number>;
}

/**
 * Opens the server to people on `port`, or, when that port is taken, on the
 * next free one after it, as `AgentServer.start` does; resolves to the port
 * it listens on. The host calls it once its agents are up: `start` listens
 * before it starts them, and the REST API then lists the House while its
 * message bus is not yet listening, so a message sent at that moment reaches
 * no one.
 */
export async function listenWhenUp(server: AgentServer, port: number): Promise<number> {
  const listening = server as unknown as Listening;
  try {
    await listening.startHttpServer(port);
    return port;
  } catch (error) {
    if (!(error instanceof Error && (error as { code?: unknown }).code === 'EADDRINUSE')) throw error;
  }
  const next = await listening.findAvailablePort(port + 1);
  await listening.startHttpServer(next);
  return next;
}
