import type { RequestingClient } from './botRequests.ts';

const TYPING_ROUTE = /\/channels\/[^/]+\/typing$/;

/**
 * A typing indicator that Discord refuses or never receives is answered as
 * shown (204). plugin-discord starts one, and repeats it every 8 s, without
 * awaiting it: a refusal (403, 5xx) or a dropped connection would reject with
 * nothing to catch it, and an unhandled rejection ends the process, every
 * table with it. A rate limit (429) still reaches discord.js, which waits it
 * out as it does for every route.
 */
export function typingBestEffort(client: RequestingClient, warn: (line: string) => void): void {
  const options = client.rest.options;
  const send = options.makeRequest.bind(options);
  options.makeRequest = async (url, init) => {
    if (!TYPING_ROUTE.test(new URL(url).pathname)) return send(url, init);
    try {
      const res = await send(url, init);
      const status = (res as { status?: unknown }).status;
      if (typeof status !== 'number' || status < 400 || status === 429) return res;
      warn(`Discord refused a typing indicator (HTTP ${status}); it is only shown, so nothing waits on it`);
    } catch (error) {
      warn(`A typing indicator did not reach Discord (${error instanceof Error ? error.message : String(error)}); it is only shown, so nothing waits on it`);
    }
    return new Response(null, { status: 204 });
  };
}
