/**
 * Discord's global limit is 50 requests a second per bot, counted where they
 * arrive. discord.js counts its own fixed second from its first request, so
 * two of its seconds can put up to 100 in one of Discord's (the loopback
 * Discord caught it at 51 with four tables playing). At most 40 requests in
 * any 1.25 s window: any second Discord counts, shifted by up to a quarter of
 * a second of latency between requests, lies inside one window and holds
 * fewer than 50.
 */
export const PACE = { requests: 40, windowMs: 1250 } as const;

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
