import type { MatchEnd } from '@the-house/lab/remote/matchEnd.ts';
import { referenceAnswer } from '@the-house/lab/remote/reference/referenceMove.ts';
import type { RemoteTurn } from '@the-house/lab/remote/remoteTurn.ts';

/** An outside agent over HTTP in the test's own process: it outlives any host. */
export interface HeldHttpBot {
  url: string;
  /** Turn ids it was sent, in order (a turn sent again counted again). */
  turns: string[];
  ends: MatchEnd[];
  /** It has the turn of round `holdAt` and has not answered it. */
  holding(): boolean;
  /** It answers the turn held, and every turn from now on, at once. */
  release(): void;
  stop(): Promise<void>;
}

/**
 * A plain HTTP bot answering as the reference bot does (`strategy` from the
 * turn's view), which holds its answer to the turn of round `holdAt` until
 * release(): a host killed meanwhile never hears it, and the host that takes
 * over sends the same turn again.
 */
export function heldHttpBot(strategy: string, holdAt = Infinity): HeldHttpBot {
  const turns: string[] = [];
  const ends: MatchEnd[] = [];
  let held = 0;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let open = false;
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    idleTimeout: 0,
    async fetch(req) {
      if (req.method !== 'POST') return new Response('POST a turn here', { status: 405 });
      const body = (await req.json()) as RemoteTurn | MatchEnd;
      if ('kind' in body) {
        ends.push(body);
        return Response.json({ ok: true });
      }
      turns.push(body.turn_id);
      if (!open && body.round >= holdAt) {
        held++;
        await released;
      }
      return Response.json(referenceAnswer(body, 'good', strategy));
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/turn`,
    turns,
    ends,
    holding: () => held > 0,
    release() {
      open = true;
      release();
    },
    stop: async () => void (await server.stop(true)),
  };
}
