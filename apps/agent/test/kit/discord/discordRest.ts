import { PermissionFlagsBits } from 'discord.js';
import { channelPayload, guildPayload, memberPayload, messagePayload, rolePayload, userPayload } from './discordPayloads.ts';
import { RateLimits, type RateLimit } from './rateLimits.ts';
import { WorldError, type DiscordWorld, type WorldApp } from './discordWorld.ts';

interface Context {
  app: WorldApp;
  bot: string;
  params: string[];
  query: URLSearchParams;
  body: () => Promise<Record<string, unknown>>;
}

type Handler = (ctx: Context) => unknown | Promise<unknown>;

interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
  /** Discord's stricter bucket: message posts per channel. */
  posts?: boolean;
}

/** One REST call the emulator answered, for tests to read (which routes a bot used, what was refused). */
export interface RestCall {
  method: string;
  path: string;
  bot: string | null;
  status: number;
}

export interface RestOptions {
  /** Message posts per channel per window (Discord: 5 per 5 s). */
  posts?: RateLimit;
  /** Every other route. */
  other?: RateLimit;
}

const ID = '(\\d+)';

/**
 * The REST routes discord.js and plugin-discord call, under `/api/v10`,
 * authenticated by bot token, with Discord's error bodies and rate-limit
 * headers. Anything else answers 404 and is listed in `calls`.
 */
export class DiscordRest {
  readonly calls: RestCall[] = [];
  readonly limits = new RateLimits();
  private readonly routes: Route[];
  private readonly posts: RateLimit;
  private readonly other: RateLimit;

  constructor(
    private readonly world: DiscordWorld,
    private readonly gatewayUrl: () => string,
    options: RestOptions = {},
  ) {
    this.posts = options.posts ?? { limit: 5, windowMs: 5000 };
    this.other = options.other ?? { limit: 50, windowMs: 1000 };
    const w = world;
    const route = (method: string, path: string, handler: Handler, posts = false): Route => ({ method, pattern: new RegExp(`^${path}$`), handler, posts });
    const visible = (bot: string, channelId: string) => {
      const channel = w.channel(channelId);
      if (!w.canSee(bot, channelId)) throw new WorldError(403, 50001, 'Missing Access');
      return channel;
    };
    const guild = (id: string) => {
      if (id !== w.guildId) throw new WorldError(404, 10004, 'Unknown Guild');
    };
    this.routes = [
      route('GET', '/gateway/bot', () => ({ url: this.gatewayUrl(), shards: 1, session_start_limit: { total: 1000, remaining: 1000, reset_after: 86_400_000, max_concurrency: 1 } })),
      route('GET', '/gateway', () => ({ url: this.gatewayUrl() })),
      route('GET', '/users/@me', ({ bot }) => userPayload(w.user(bot))),
      route('GET', `/users/${ID}`, ({ params }) => userPayload(w.user(params[0]!))),
      route('POST', '/users/@me/channels', async ({ bot, body }) => channelPayload(w, w.dm(bot, String((await body()).recipient_id)))),
      route('GET', '/users/@me/guilds', ({ bot }) =>
        w.members.has(bot) ? [{ id: w.guildId, name: w.guildName, icon: null, banner: null, owner: false, permissions: w.permissionsIn(bot, w.textChannels()[0]?.id ?? '').toString(), features: [] }] : [],
      ),
      route('GET', '/(?:oauth2/)?applications/@me', ({ app }) => ({ id: app.id, name: w.user(app.botId).username, icon: null, description: '', bot_public: true, bot_require_code_grant: false, flags: 0, verify_key: '', team: null, bot: userPayload(w.user(app.botId)), owner: userPayload(w.user(w.ownerId)) })),
      route('PUT', `/applications/${ID}(?:/guilds/${ID})?/commands`, async ({ body, params }) => {
        const list = (await body()) as unknown as Array<Record<string, unknown>>;
        return (Array.isArray(list) ? list : []).map((c) => ({ ...c, id: w.snowflake(), application_id: params[0], version: w.snowflake(), ...(params[1] ? { guild_id: params[1] } : {}) }));
      }),
      route('GET', `/applications/${ID}(?:/guilds/${ID})?/commands`, () => []),
      route('GET', `/guilds/${ID}`, ({ params }) => (guild(params[0]!), guildPayload(w))),
      route('GET', `/guilds/${ID}/channels`, ({ params, bot }) => (guild(params[0]!), [...w.channels.values()].filter((c) => c.guildId === w.guildId && c.parentId === null && w.canSee(bot, c.id)).map((c) => channelPayload(w, c)))),
      route('GET', `/guilds/${ID}/roles`, ({ params }) => (guild(params[0]!), [...w.roles.values()].map(rolePayload))),
      route('GET', `/guilds/${ID}/threads/active`, ({ params, bot }) => (guild(params[0]!), { threads: [...w.channels.values()].filter((c) => c.parentId !== null && w.canSee(bot, c.id)).map((c) => channelPayload(w, c)), members: [] })),
      route('GET', `/guilds/${ID}/members/search`, ({ params, query }) => {
        guild(params[0]!);
        const q = (query.get('query') ?? '').toLowerCase();
        return [...w.members.values()].filter((m) => w.user(m.userId).username.startsWith(q) || (w.user(m.userId).globalName ?? '').toLowerCase().startsWith(q)).map((m) => memberPayload(w, m));
      }),
      route('GET', `/guilds/${ID}/members/${ID}`, ({ params }) => {
        guild(params[0]!);
        const member = w.members.get(params[1]!);
        if (!member) throw new WorldError(404, 10007, 'Unknown Member');
        return memberPayload(w, member);
      }),
      route('GET', `/guilds/${ID}/members`, ({ params, query }) => {
        guild(params[0]!);
        const after = BigInt(query.get('after') ?? '0');
        const limit = Number(query.get('limit') ?? '1');
        return [...w.members.values()].filter((m) => BigInt(m.userId) > after).slice(0, limit).map((m) => memberPayload(w, m));
      }),
      route('GET', `/guilds/${ID}/audit-logs`, ({ params, bot }) => {
        guild(params[0]!);
        if ((w.permissionsIn(bot, w.textChannels()[0]?.id ?? '') & PermissionFlagsBits.ViewAuditLog) === 0n) throw new WorldError(403, 50013, 'Missing Permissions');
        return { audit_log_entries: [], users: [], integrations: [], webhooks: [], guild_scheduled_events: [], threads: [], application_commands: [], auto_moderation_rules: [] };
      }),
      route('GET', `/channels/${ID}`, ({ params, bot }) => channelPayload(w, visible(bot, params[0]!))),
      route('GET', `/channels/${ID}/messages`, ({ params, bot, query }) => {
        visible(bot, params[0]!);
        const limit = Math.min(100, Number(query.get('limit') ?? '50'));
        const before = query.get('before');
        const after = query.get('after');
        let list = w.history(params[0]!);
        if (before) list = list.filter((m) => BigInt(m.id) < BigInt(before));
        if (after) list = list.filter((m) => BigInt(m.id) > BigInt(after));
        return list.slice(-limit).reverse().map((m) => messagePayload(w, m, { id: bot, messageContent: true }));
      }),
      route('GET', `/channels/${ID}/messages/${ID}`, ({ params, bot }) => (visible(bot, params[0]!), messagePayload(w, w.message(params[0]!, params[1]!), { id: bot, messageContent: true }))),
      route(
        'POST',
        `/channels/${ID}/messages`,
        async ({ params, bot, body }) => {
          const b = await body();
          const reference = (b.message_reference as { message_id?: string } | undefined)?.message_id ?? null;
          return messagePayload(w, w.post(bot, params[0]!, String(b.content ?? ''), reference), { id: bot, messageContent: true });
        },
        true,
      ),
      route('PATCH', `/channels/${ID}/messages/${ID}`, async ({ params, bot, body }) => {
        const message = w.message(params[0]!, params[1]!);
        if (message.authorId !== bot) throw new WorldError(403, 50005, 'Cannot edit a message authored by another user');
        const content = (await body()).content;
        if (typeof content === 'string') {
          if (content.length > 2000) throw new WorldError(400, 50035, 'Invalid Form Body: content: Must be 2000 or fewer in length.');
          message.content = content;
        }
        return messagePayload(w, message, { id: bot, messageContent: true });
      }),
      route('POST', `/channels/${ID}/typing`, ({ params, bot }) => (w.typing(bot, params[0]!), null)),
      route('PUT', `/channels/${ID}/messages/${ID}/reactions/([^/]+)/@me`, ({ params, bot }) => (w.react(bot, params[0]!, params[1]!, decodeURIComponent(params[2]!)), null)),
      route('POST', `/channels/${ID}/threads`, async ({ params, bot, body }) => channelPayload(w, w.createThread(params[0]!, String((await body()).name ?? 'thread'), bot))),
      route('POST', `/channels/${ID}/messages/${ID}/threads`, async ({ params, bot, body }) => channelPayload(w, w.createThread(params[0]!, String((await body()).name ?? 'thread'), bot, params[1]))),
      route('PUT', `/channels/${ID}/thread-members/@me`, ({ params, bot }) => (visible(bot, params[0]!), null)),
      route('GET', `/channels/${ID}/thread-members`, ({ params, bot }) => (visible(bot, params[0]!), [])),
    ];
  }

  async handle(req: Request, path: string): Promise<Response> {
    const auth = req.headers.get('authorization') ?? '';
    const app = auth.startsWith('Bot ') ? this.world.appOfToken(auth.slice(4)) : null;
    const record = (status: number) => this.calls.push({ method: req.method, path, bot: app?.botId ?? null, status });
    if (!app) {
      record(401);
      return Response.json({ message: '401: Unauthorized', code: 0 }, { status: 401 });
    }
    for (const r of this.routes) {
      if (r.method !== req.method) continue;
      const m = r.pattern.exec(path);
      if (!m) continue;
      const major = /^\/(channels|guilds)\/(\d+)/.exec(path)?.[0] ?? '';
      const admission = this.limits.admit(`${app.botId} ${r.method} ${r.pattern.source} ${major}`, r.posts ? this.posts : this.other);
      if (!admission.ok) {
        record(429);
        return Response.json({ message: 'You are being rate limited.', retry_after: admission.retryAfterMs / 1000, global: false }, { status: 429, headers: admission.headers });
      }
      const url = new URL(req.url);
      try {
        const result = await r.handler({ app, bot: app.botId, params: m.slice(1), query: url.searchParams, body: () => bodyOf(req) });
        record(result === null ? 204 : 200);
        return result === null ? new Response(null, { status: 204, headers: admission.headers }) : Response.json(result, { headers: admission.headers });
      } catch (error) {
        if (!(error instanceof WorldError)) throw error;
        record(error.status);
        return Response.json({ message: error.message, code: error.code }, { status: error.status, headers: admission.headers });
      }
    }
    record(404);
    return Response.json({ message: '404: Not Found', code: 0 }, { status: 404 });
  }
}

/** A JSON body, or multipart with `payload_json` (discord.js sends files that way). */
async function bodyOf(req: Request): Promise<Record<string, unknown>> {
  const type = req.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await req.formData();
    const json = form.get('payload_json');
    return typeof json === 'string' ? (JSON.parse(json) as Record<string, unknown>) : {};
  }
  const text = await req.text();
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

