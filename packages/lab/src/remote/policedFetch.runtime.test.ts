import { afterAll, describe, expect, test } from 'bun:test';
import net from 'node:net';
import { a2aSeatClient } from './a2aSeatClient.ts';
import { httpBotClient } from './httpBotClient.ts';
import { referenceA2aAgent } from './reference/referenceA2aAgent.ts';
import { referenceHttpBot } from './reference/referenceHttpBot.ts';
import type { RemoteClient } from './remoteClient.ts';
import { agentRoster, LOOPBACK_POLICY, oneTrustTurn } from '../testing/remoteTestKit.ts';

const loopback = LOOPBACK_POLICY;
const { started, stopAll } = agentRoster();
afterAll(stopAll);

const turn = (client: RemoteClient) => oneTrustTurn(client, 'm-redial');

/**
 * A TCP front on loopback that resets the connection of each of the first
 * `drops` POSTs it sees (before any answer; `cut`: after the start of an
 * answer) and passes everything else to the port `target()` names: a
 * network that drops a connection now and then.
 */
function droppingFront(drops: number, target: () => number, cut = false): { port: number; posts: number; stop(): void } {
  const state = { port: 0, posts: 0, stop: () => server.close() };
  const server = net.createServer((socket) => {
    let upstream: net.Socket | null = null;
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      if (chunk.subarray(0, 5).toString() === 'POST ') {
        state.posts += 1;
        if (state.posts <= drops) {
          upstream?.destroy();
          if (cut) socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"turn_id":');
          else socket.resetAndDestroy();
          return;
        }
      }
      if (!upstream) {
        upstream = net.connect(target(), '127.0.0.1');
        upstream.on('error', () => socket.destroy());
        upstream.pipe(socket);
      }
      upstream.write(chunk);
    });
    socket.on('close', () => upstream?.destroy());
  });
  server.listen(0, '127.0.0.1');
  state.port = (server.address() as net.AddressInfo).port;
  return state;
}

describe('a connection dropped before an answer is tried again within the move time', () => {
  test('HTTP bot: the first POST reset, the seat still plays its move', async () => {
    const bot = started(referenceHttpBot());
    const front = started(droppingFront(1, () => Number(new URL(bot.url).port)));
    const { trace, fault } = await turn(httpBotClient(`http://127.0.0.1:${front.port}/turn`, { policy: loopback }));
    // Before: one reset cost the turn (the fallback played, the seat charged 'unreachable').
    expect(trace.outcome).toBe('valid');
    expect(fault).toBeNull();
    expect(front.posts).toBe(2);
    expect(bot.turns.length).toBe(1);
  });

  test('A2A agent: the same', async () => {
    let agentPort = 0;
    const front = started(droppingFront(1, () => agentPort));
    const agent = started(referenceA2aAgent({ publicUrl: `http://127.0.0.1:${front.port}` }));
    agentPort = Number(new URL(agent.url).port);
    const { trace, fault } = await turn(a2aSeatClient(`http://127.0.0.1:${front.port}`, { policy: loopback }));
    expect(trace.outcome).toBe('valid');
    expect(fault).toBeNull();
    expect(front.posts).toBe(2);
    expect(agent.turns.length).toBe(1);
  });

  test('HTTP bot: a connection closed in the middle of the answer, the same', async () => {
    const bot = started(referenceHttpBot());
    const front = started(droppingFront(1, () => Number(new URL(bot.url).port), true));
    const { trace, fault } = await turn(httpBotClient(`http://127.0.0.1:${front.port}/turn`, { policy: loopback }));
    expect(trace.outcome).toBe('valid');
    expect(fault).toBeNull();
    expect(front.posts).toBe(2);
  });

  test('a connection that drops every time is tried four times in all, then the turn is the seat’s miss', async () => {
    const bot = started(referenceHttpBot());
    const front = started(droppingFront(Number.MAX_SAFE_INTEGER, () => Number(new URL(bot.url).port)));
    const { trace, fault } = await turn(httpBotClient(`http://127.0.0.1:${front.port}/turn`, { policy: loopback }));
    expect(trace.outcome).toBe('fallback');
    expect(fault).toBe('unreachable');
    expect(front.posts).toBe(4);
  });

  test('an HTTP status is an answer: a 500 is not sent again', async () => {
    let posts = 0;
    const server = started(Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => ((posts += 1), new Response('down', { status: 500 })) }));
    const { trace } = await turn(httpBotClient(`http://127.0.0.1:${server.port}/turn`, { policy: loopback }));
    expect(trace.outcome).toBe('fallback');
    expect(posts).toBe(1);
  });
});
