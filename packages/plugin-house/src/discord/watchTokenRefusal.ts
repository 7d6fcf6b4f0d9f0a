import type { RequestingClient } from './botRequests.ts';
import { discordSignOuts } from './discordSignOuts.ts';

/** The little of a discord.js client this needs: its REST options, its shard errors, and its end. */
export interface SignableClient extends RequestingClient {
  on(event: 'shardError', listener: (error: Error) => void): unknown;
  destroy(): Promise<void>;
}

/**
 * Discord refuses a bot's token from the moment it is reset or revoked: REST
 * answers 401 (discord.js then drops the token and fails every later request
 * with an error of its own), and the gateway closes with 4004, which
 * discord.js does not reconnect. Either is the end of that bot's Discord
 * side: it is said once (`tell`), the client is destroyed so that no timer
 * or request of it runs on, and `discordSignOuts` tells the House.
 * Installed first, under the other request wrappers, so it sees every answer;
 * a request that was already waiting its turn then is answered 401 here, not
 * sent (each refused request counts toward Discord's ban of the address).
 */
export function watchTokenRefusal(runtime: object, client: SignableClient, tell: (how: string) => void): void {
  const signOut = (how: string) => {
    if (!discordSignOuts.signOut(runtime)) return;
    tell(how);
    void client.destroy().catch(() => undefined);
  };
  const options = client.rest.options;
  const send = options.makeRequest.bind(options);
  options.makeRequest = async (url, init) => {
    if (discordSignOuts.has(runtime)) return Response.json({ message: '401: Unauthorized', code: 0 }, { status: 401 });
    const res = await send(url, init);
    if ((res as { status?: unknown }).status === 401) signOut('the REST API answered 401 Unauthorized');
    return res;
  };
  client.on('shardError', (error) => {
    if (error?.message === 'Authentication failed') signOut('the gateway closed with 4004 Authentication failed');
  });
}
