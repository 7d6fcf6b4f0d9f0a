/**
 * Discord's global limit is 50 requests a second per bot, counted where they
 * arrive. discord.js counts its own fixed second from its first request, so
 * two of its seconds can put up to 100 in one of Discord's (the loopback
 * Discord caught it at 51 with four tables playing). At most 40 requests in
 * any 2 s window: any second Discord counts holds requests the House started
 * within 1 s plus the spread of their delays on the way (latency, and a busy
 * event loop that sends a paced request late), and up to a second of that
 * spread still lies inside one window, so fewer than 50. A window of 1.25 s
 * allowed only a quarter of a second, and a loaded 2-core machine broke it
 * (the loopback Discord refused 2 of a four-table run, CI run 10).
 */
export const PACE = { requests: 40, windowMs: 2000 } as const;

/** The spread of delays between a request's start and its arrival that PACE keeps under the global limit. */
export const PACE_JITTER_MS = 1000;

type MakeRequest = (url: string, init: RequestInit) => Promise<unknown>;

/** The little of a discord.js client this layer reads: its REST options. */
export interface RequestingClient {
  rest: { options: { makeRequest: MakeRequest } };
}

/**
 * One queue for all of a bot's REST requests (every table's posts, DMs,
 * replies, typing, plugin-discord's own calls): each starts in turn, no more
 * than `perWindow` in any window. FIFO, so posts keep their order.
 */
export class RequestPace {
  private readonly starts: number[] = [];
  private turn: Promise<void> = Promise.resolve();

  /** `clock` is the time and the wait (the real ones but in tests). */
  constructor(
    private readonly perWindow: number = PACE.requests,
    private readonly windowMs: number = PACE.windowMs,
    private readonly clock: { now(): number; sleep(ms: number): Promise<unknown> } = { now: () => Date.now(), sleep: (ms) => Bun.sleep(ms) },
  ) {}

  take(): Promise<void> {
    const mine = this.turn.then(async () => {
      for (;;) {
        const now = this.clock.now();
        while (this.starts.length && now - this.starts[0]! >= this.windowMs) this.starts.shift();
        if (this.starts.length < this.perWindow) {
          this.starts.push(now);
          return;
        }
        await this.clock.sleep(this.windowMs - (now - this.starts[0]!) + 1);
      }
    });
    this.turn = mine;
    return mine;
  }
}

/**
 * Puts all of a bot's REST requests (every table's posts, DMs, plugin-discord's
 * replies and typing, fetches) through one queue, `RequestPace`, as they
 * leave discord.js for Discord.
 */
export function paceBotRequests(client: RequestingClient, pace = new RequestPace()): void {
  const options = client.rest.options;
  const send = options.makeRequest.bind(options);
  options.makeRequest = async (url, init) => {
    await pace.take();
    if (init.signal?.aborted) throw new DOMException('The request was aborted while it waited its turn', 'AbortError');
    return send(url, init);
  };
}
