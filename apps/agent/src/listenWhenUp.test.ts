import { expect, test } from 'bun:test';
import type { AgentServer } from '@elizaos/server';
import { listenWhenUp } from './listenWhenUp.ts';

/** A server whose ports in `taken` refuse as a port in use does; the ports it was asked to listen on. */
function serverWith(taken: number[], other?: Error): { server: AgentServer; asked: number[] } {
  const asked: number[] = [];
  const fake = {
    startHttpServer: async (port: number) => {
      asked.push(port);
      if (other) throw other;
      if (taken.includes(port)) throw Object.assign(new Error(`listen EADDRINUSE: address already in use 127.0.0.1:${port}`), { code: 'EADDRINUSE' });
    },
    findAvailablePort: async (from: number) => {
      let port = from;
      while (taken.includes(port)) port += 1;
      return port;
    },
  };
  return { server: fake as unknown as AgentServer, asked };
}

test('listens on the port asked for; taken, on the next free one after it, as AgentServer.start does', async () => {
  const free = serverWith([]);
  expect(await listenWhenUp(free.server, 4100)).toBe(4100);
  expect(free.asked).toEqual([4100]);
  const busy = serverWith([4100, 4101]);
  expect(await listenWhenUp(busy.server, 4100)).toBe(4102);
  expect(busy.asked).toEqual([4100, 4102]);
});

test('any other failure to listen reaches the host as it is', async () => {
  const denied = serverWith([], Object.assign(new Error('listen EACCES: permission denied 0.0.0.0:80'), { code: 'EACCES' }));
  let error: unknown = null;
  await listenWhenUp(denied.server, 80).catch((e: unknown) => (error = e));
  expect(String(error)).toContain('EACCES');
  expect(denied.asked).toEqual([80]);
});
