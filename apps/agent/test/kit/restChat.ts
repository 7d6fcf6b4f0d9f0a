import { createServer } from 'node:net';

/** A person talking to the host through the REST messaging API, as the web GUI does. */
export class RestChat {
  private serverId: string | null = null;

  constructor(
    readonly baseUrl: string,
    readonly userId: string = crypto.randomUUID(),
    readonly userName = 'Observer',
    /** The host's API key (ELIZA_SERVER_AUTH_TOKEN), sent as the web GUI sends it. */
    readonly apiKey?: string,
  ) {}

  private async json<T>(path: string, init?: RequestInit): Promise<T> {
    // A connection a request of its own: a kept-alive one the server closes as it idles resets the next request on it.
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Connection: 'close', ...(init?.headers as Record<string, string> | undefined) };
    if (this.apiKey) headers['X-API-KEY'] = this.apiKey;
    const res = await fetch(new URL(path, this.baseUrl), { ...init, headers });
    if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async server(): Promise<string> {
    this.serverId ??= (await this.json<{ data: { messageServerId: string } }>('/api/messaging/message-server/current')).data.messageServerId;
    return this.serverId;
  }

  /** The id of the first channel whose name holds `part` (a game room by its short id, `Trust a1b2 · `). */
  async roomNamed(part: string): Promise<string> {
    const body = await this.json<{ data: { channels: Array<{ id: string; name: string }> } }>(`/api/messaging/message-servers/${await this.server()}/channels`);
    const room = body.data.channels.find((c) => c.name.includes(part));
    if (!room) throw new Error(`no room named ${part}`);
    return room.id;
  }

  async agentId(name: string): Promise<string> {
    const body = await this.json<{ data: { agents: Array<{ id: string; name: string }> } }>('/api/agents');
    const agent = body.data.agents.find((a) => a.name === name);
    if (!agent) throw new Error(`no agent named ${name}`);
    return agent.id;
  }

  /** A DM channel between this person and an agent. */
  async dm(agentId: string): Promise<string> {
    const body = await this.json<{ data: { id: string } }>('/api/messaging/channels', {
      method: 'POST',
      body: JSON.stringify({ name: `DM ${this.userName}`, type: 'DM', message_server_id: await this.server(), participantCentralUserIds: [this.userId, agentId] }),
    });
    return body.data.id;
  }

  /** A group chat of this person, others and agents (the GUI's Groups). */
  async group(name: string, memberIds: string[]): Promise<string> {
    const body = await this.json<{ data: { id: string } }>('/api/messaging/channels', {
      method: 'POST',
      body: JSON.stringify({ name, type: 'GROUP', message_server_id: await this.server(), participantCentralUserIds: [this.userId, ...memberIds] }),
    });
    return body.data.id;
  }

  /** `as` overrides what the message body claims (its source, its metadata), as any client of the REST API can. */
  async send(channelId: string, text: string, as: { source_type?: string; metadata?: Record<string, unknown> } = {}): Promise<void> {
    await this.json(`/api/messaging/channels/${channelId}/messages`, {
      method: 'POST',
      body: JSON.stringify({ author_id: this.userId, content: text, message_server_id: await this.server(), source_type: as.source_type ?? 'eliza_gui', raw_message: {}, metadata: { user_display_name: this.userName, ...as.metadata } }),
    });
  }

  /** Newest first, as the API gives them. */
  /** The channel's latest messages; `created_at` is the server's clock in ms. */
  async messages(channelId: string, limit = 50): Promise<Array<{ id: string; authorId: string; content: string; created_at: number }>> {
    const body = await this.json<{ data: { messages: Array<{ id: string; authorId: string; content: string; created_at: number }> } }>(`/api/messaging/channels/${channelId}/messages?limit=${limit}`);
    return body.data.messages;
  }

  /**
   * The id of the agent named `name` once the host answers for it: a host
   * still booting refuses, so this asks every `everyMs` until it answers, until
   * `gone()` says why the host is gone (it exited), or until `timeoutMs` have
   * passed (then the last refusal is the error).
   */
  async agentWhenUp(name: string, gone: () => string | null, timeoutMs: number, everyMs = 200): Promise<string> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await this.agentId(name);
      } catch (error) {
        const why = gone();
        if (why !== null) throw new Error(why);
        if (Date.now() > until) throw error;
        await Bun.sleep(everyMs);
      }
    }
  }

  /** Waits for a message from `authorId` that satisfies `test`. */
  async waitFor(channelId: string, authorId: string, test: (text: string) => boolean, timeoutMs = 20_000): Promise<string> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const found = (await this.messages(channelId)).find((m) => m.authorId === authorId && test(m.content));
      if (found) return found.content;
      await Bun.sleep(100);
    }
    throw new Error(`no matching message from ${authorId} within ${timeoutMs} ms`);
  }
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}
