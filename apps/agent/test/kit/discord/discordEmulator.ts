import { DiscordGateway, type GatewayOptions, type SocketData } from './discordGateway.ts';
import { DiscordRest, type RestOptions } from './discordRest.ts';
import { DiscordWorld } from './discordWorld.ts';

export interface DiscordEmulator {
  world: DiscordWorld;
  gateway: DiscordGateway;
  rest: DiscordRest;
  /** The REST base discord.js takes as `rest.api` (it adds `/v10`). */
  api: string;
  gatewayUrl: string;
  stop(): Promise<void>;
}

export interface EmulatorOptions extends RestOptions, GatewayOptions {
  world?: DiscordWorld;
}

/**
 * A loopback Discord on one Bun.serve port: REST under `/api/v10` and the
 * gateway's WebSocket at `/gateway` (`?v=10&encoding=json`, no compression).
 */
export function startDiscordEmulator(options: EmulatorOptions = {}): DiscordEmulator {
  const world = options.world ?? new DiscordWorld();
  let base = '';
  const gatewayUrl = () => `${base.replace(/^http/, 'ws')}/gateway`;
  const gateway = new DiscordGateway(world, gatewayUrl, options);
  const rest = new DiscordRest(world, gatewayUrl, options);
  const server = Bun.serve<SocketData>({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req, srv) {
      const url = new URL(req.url);
      if (url.pathname === '/gateway' || url.pathname === '/gateway/') {
        if (url.searchParams.get('encoding') !== 'json' || url.searchParams.has('compress')) return new Response('the emulator speaks json without compression', { status: 400 });
        return srv.upgrade(req, { data: { session: null, lastHeartbeat: Date.now(), watchdog: null } }) ? undefined : new Response('upgrade failed', { status: 400 });
      }
      const path = /^\/api\/v10(\/.*)$/.exec(url.pathname)?.[1];
      if (!path) return Response.json({ message: '404: Not Found', code: 0 }, { status: 404 });
      return rest.handle(req, path);
    },
    websocket: {
      open: (ws) => gateway.open(ws),
      message: (ws, message) => gateway.message(ws, message),
      close: (ws) => gateway.close(ws),
    },
  });
  base = `http://127.0.0.1:${server.port}`;
  return {
    world,
    gateway,
    rest,
    api: `${base}/api`,
    gatewayUrl: gatewayUrl(),
    stop: async () => {
      await server.stop(true);
    },
  };
}
