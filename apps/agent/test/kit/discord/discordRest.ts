import { GatewayIntentBits, PermissionFlagsBits } from 'discord.js';
import { channelPayload, guildPayload, memberPayload, messagePayload, rolePayload, userPayload } from './discordPayloads.ts';
import { RateLimits, type RateLimit } from './rateLimits.ts';
import { invalidForm, WorldError, type AllowedMentions, type DiscordWorld, type PostFile, type WorldApp } from './discordWorld.ts';

interface Context {
  app: WorldApp;
  bot: string;
  params: string[];
  query: URLSearchParams;
  body: () => Promise<Record<string, unknown>>;
  /** The files of a multipart body, named and described as its `attachments` say. */
  files: () => Promise<PostFile[]>;
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
  /** Requests per bot whatever the route (Discord: 50 a second). */
  global?: RateLimit;
  /** 401, 403 and 429 answers (shared-scope 429s aside) from this address before Discord bans it for a while (Discord: 10,000 in 10 minutes). */
  invalid?: RateLimit;
}

/** What a shared-scope limit on a channel still has to refuse (a busy resource: no bot's fault, and not an invalid request). */
interface SharedLimit {
  left: number;
  retryAfterMs: number;
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
  /** Shared-scope 429s served (they do not count as invalid requests). */
  sharedRefused = 0;
  /** When the invalid-request limit banned this address, if it did. */
  bannedAt: number | null = null;
  private readonly routes: Route[];
  private readonly posts: RateLimit;
  private readonly other: RateLimit;
  private readonly global: RateLimit;
  private readonly invalid: RateLimit;
  private readonly invalidAt: number[] = [];
  private readonly shared = new Map<string, SharedLimit>();
  /** Channels whose history Discord fails to give back (its 5xx on a bad day). */
  private readonly unreadable = new Set<string>();
  private readonly typingFails = new Set<string>();

  constructor(
    private readonly world: DiscordWorld,
    private readonly gatewayUrl: () => string,
    options: RestOptions = {},
  ) {
    this.posts = options.posts ?? { limit: 5, windowMs: 5000 };
    this.other = options.other ?? { limit: 50, windowMs: 1000 };
    this.global = options.global ?? { limit: 50, windowMs: 1000 };
    this.invalid = options.invalid ?? { limit: 10_000, windowMs: 600_000 };
    const w = world;
    const route = (method: string, path: string, handler: Handler, posts = false): Route => ({ method, pattern: new RegExp(`^${path}$`), handler, posts });
    const visible = (bot: string, channelId: string) => {
      const channel = w.channel(channelId);
      if (!w.canSee(bot, channelId)) throw new WorldError(403, 50001, 'Missing Access');
      return channel;
    };
    const readsHistory = (bot: string, channelId: string) => (w.permissionsIn(bot, channelId) & PermissionFlagsBits.ReadMessageHistory) !== 0n;
    // Message Content is the application's, so it holds for what a bot reads over REST as on the gateway.
    const viewer = (app: WorldApp) => ({ id: app.botId, messageContent: (app.privilegedIntents & GatewayIntentBits.MessageContent) !== 0 });
    const guild = (id: string) => {
      if (id !== w.guildId) throw new WorldError(404, 10004, 'Unknown Guild');
    };
    this.routes = [
      route('GET', '/gateway/bot', ({ app }) => ({ url: this.gatewayUrl(), shards: 1, session_start_limit: w.sessionStartLimit(app.id) })),
      route('GET', '/gateway', () => ({ url: this.gatewayUrl() })),
      route('GET', '/users/@me', ({ bot }) => userPayload(w.user(bot))),
      route('GET', `/users/${ID}`, ({ params }) => userPayload(w.user(params[0]!))),
      route('POST', '/users/@me/channels', async ({ bot, body }) => channelPayload(w, w.dm(bot, String((await body()).recipient_id)), bot)),
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
      route('GET', `/guilds/${ID}/channels`, ({ params, bot }) => (guild(params[0]!), [...w.channels.values()].filter((c) => c.guildId === w.guildId && c.parentId === null && w.canSee(bot, c.id)).map((c) => channelPayload(w, c, bot)))),
      route('GET', `/guilds/${ID}/roles`, ({ params }) => (guild(params[0]!), [...w.roles.values()].map(rolePayload))),
      route('GET', `/guilds/${ID}/threads/active`, ({ params, bot }) => (guild(params[0]!), { threads: w.activeThreads().filter((c) => w.canSee(bot, c.id)).map((c) => channelPayload(w, c, bot)), members: [] })),
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
      route('GET', `/guilds/${ID}/members`, ({ params, query, app }) => {
        guild(params[0]!);
        // Listing members wants the Server Members intent switched on in the portal.
        if ((app.privilegedIntents & GatewayIntentBits.GuildMembers) === 0) throw new WorldError(403, 50001, 'Missing Access');
        const after = BigInt(query.get('after') ?? '0');
        const limit = Number(query.get('limit') ?? '1');
        return [...w.members.values()].filter((m) => BigInt(m.userId) > after).slice(0, limit).map((m) => memberPayload(w, m));
      }),
      route('GET', `/guilds/${ID}/audit-logs`, ({ params, bot }) => {
        guild(params[0]!);
        if ((w.permissionsIn(bot, w.textChannels()[0]?.id ?? '') & PermissionFlagsBits.ViewAuditLog) === 0n) throw new WorldError(403, 50013, 'Missing Permissions');
        return { audit_log_entries: [], users: [], integrations: [], webhooks: [], guild_scheduled_events: [], threads: [], application_commands: [], auto_moderation_rules: [] };
      }),
      route('GET', `/channels/${ID}`, ({ params, bot }) => channelPayload(w, visible(bot, params[0]!), bot)),
      route('PATCH', `/channels/${ID}`, async ({ params, bot, body }) => {
        const b = await body();
        const channel = visible(bot, params[0]!);
        if (!channel.thread) throw new WorldError(403, 50013, 'Missing Permissions');
        if (typeof b.archived === 'boolean') w.setArchived(bot, channel.id, b.archived);
        return channelPayload(w, channel, bot);
      }),
      route('GET', `/channels/${ID}/threads/archived/public`, ({ params, bot }) => {
        visible(bot, params[0]!);
        if (!readsHistory(bot, params[0]!)) throw new WorldError(403, 50013, 'Missing Permissions');
        const archived = w.threadsOf(params[0]!).filter((c) => c.thread?.archived);
        return { threads: archived.map((c) => channelPayload(w, c, bot)), members: [], has_more: false };
      }),
      route('GET', `/channels/${ID}/messages`, ({ params, bot, query, app }) => {
        visible(bot, params[0]!);
        if (this.unreadable.has(params[0]!)) throw new WorldError(500, 0, '500: Internal Server Error');
        // Without Read Message History Discord answers with no messages rather than an error.
        if (!readsHistory(bot, params[0]!)) return [];
        const limit = Math.min(100, Number(query.get('limit') ?? '50'));
        const before = query.get('before');
        const after = query.get('after');
        let list = w.history(params[0]!);
        if (before) list = list.filter((m) => BigInt(m.id) < BigInt(before));
        if (after) list = list.filter((m) => BigInt(m.id) > BigInt(after));
        // `after` pages forward from the oldest, the rest back from the newest; newest first either way.
        const page = after && !before ? list.slice(0, limit) : list.slice(-limit);
        return page.reverse().map((m) => messagePayload(w, m, viewer(app)));
      }),
      route('GET', `/channels/${ID}/messages/${ID}`, ({ params, bot, app }) => {
        visible(bot, params[0]!);
        if (!readsHistory(bot, params[0]!)) throw new WorldError(403, 50013, 'Missing Permissions');
        return messagePayload(w, w.message(params[0]!, params[1]!), viewer(app));
      }),
      route(
        'POST',
        `/channels/${ID}/messages`,
        async ({ params, bot, body, files }) => {
          const b = await body();
          const ref = b.message_reference as { message_id?: string; fail_if_not_exists?: boolean } | undefined;
          // fail_if_not_exists: false sends a reply to a message that is gone as a plain message.
          const gone = ref?.message_id && ref.fail_if_not_exists === false && !w.history(params[0]!).some((m) => m.id === ref.message_id);
          const allowedMentions = b.allowed_mentions && typeof b.allowed_mentions === 'object' ? (b.allowed_mentions as AllowedMentions) : undefined;
          const message = w.post(bot, params[0]!, String(b.content ?? ''), { replyTo: gone ? null : (ref?.message_id ?? null), allowedMentions, files: await files() });
          return messagePayload(w, message, { id: bot, messageContent: true });
        },
        true,
      ),
      route('PATCH', `/channels/${ID}/messages/${ID}`, async ({ params, bot, body }) => {
        const message = w.message(params[0]!, params[1]!);
        if (message.authorId !== bot) throw new WorldError(403, 50005, 'Cannot edit a message authored by another user');
        const content = (await body()).content;
        if (typeof content === 'string') {
          if (content.length > 2000) throw invalidForm('content', 'BASE_TYPE_MAX_LENGTH', 'Must be 2000 or fewer in length.');
          message.content = content;
        }
        return messagePayload(w, message, { id: bot, messageContent: true });
      }),
      route('POST', `/channels/${ID}/typing`, ({ params, bot }) => {
        if (this.typingFails.has(params[0]!)) throw new WorldError(500, 0, '500: Internal Server Error');
        return (w.typing(bot, params[0]!), null);
      }),
      route('PUT', `/channels/${ID}/messages/${ID}/reactions/([^/]+)/@me`, ({ params, bot }) => (w.react(bot, params[0]!, params[1]!, decodeURIComponent(params[2]!)), null)),
      route('POST', `/channels/${ID}/threads`, async ({ params, bot, body }) => channelPayload(w, w.createThread(params[0]!, String((await body()).name ?? 'thread'), bot, archiveOptions(await body())))),
      route('POST', `/channels/${ID}/messages/${ID}/threads`, async ({ params, bot, body }) => channelPayload(w, w.createThread(params[0]!, String((await body()).name ?? 'thread'), bot, { ...archiveOptions(await body()), fromMessage: params[1] }))),
      route('PUT', `/channels/${ID}/thread-members/@me`, ({ params, bot }) => (w.joinThread(bot, params[0]!), null)),
      route('GET', `/channels/${ID}/thread-members`, ({ params, bot }) => (visible(bot, params[0]!), [])),
    ];
  }

  /** Reading a channel's messages answers 500 (or, with `false`, works again). */
  failReads(channelId: string, failing = true): void {
    if (failing) this.unreadable.add(channelId);
    else this.unreadable.delete(channelId);
  }

  /** A typing indicator in a channel answers 500 (or, with `false`, works again). */
  failTyping(channelId: string, failing = true): void {
    if (failing) this.typingFails.add(channelId);
    else this.typingFails.delete(channelId);
  }

  /** The next `times` message posts into a channel answer 429 with scope `shared` (a busy resource), each saying to retry after `retryAfterMs`. */
  shareLimit(channelId: string, times: number, retryAfterMs = 200): void {
    this.shared.set(channelId, { left: times, retryAfterMs });
  }

  /**
   * One request: the token, the ban of an address that made too many
   * invalid requests, the bot's global limit, the route's bucket (and a
   * channel's shared limit), then the route. 401, 403 and 429 answers
   * (shared-scope ones aside) count toward the ban, as on Discord.
   */
  async handle(req: Request, path: string): Promise<Response> {
    const auth = req.headers.get('authorization') ?? '';
    const app = auth.startsWith('Bot ') ? this.world.appOfToken(auth.slice(4)) : null;
    const now = Date.now();
    const record = (status: number, shared = false) => {
      this.calls.push({ method: req.method, path, bot: app?.botId ?? null, status });
      if ((status === 401 || status === 403 || status === 429) && !shared) this.countInvalid(now);
    };
    if (this.bannedAt !== null && now - this.bannedAt >= this.invalid.windowMs) this.bannedAt = null;
    if (this.bannedAt !== null) {
      this.calls.push({ method: req.method, path, bot: app?.botId ?? null, status: 429 });
      return Response.json({ message: 'You are being blocked from accessing our API temporarily due to exceeding our rate limits frequently.', code: 0 }, { status: 429 });
    }
    if (!app) {
      record(401);
      return Response.json({ message: '401: Unauthorized', code: 0 }, { status: 401 });
    }
    for (const r of this.routes) {
      if (r.method !== req.method) continue;
      const m = r.pattern.exec(path);
      if (!m) continue;
      const global = this.limits.admitGlobal(app.botId, this.global, now);
      if (!global.ok) {
        record(429);
        return Response.json({ message: 'You are being rate limited.', retry_after: global.retryAfterMs / 1000, global: true }, { status: 429, headers: global.headers });
      }
      const major = /^\/(channels|guilds)\/(\d+)/.exec(path)?.[0] ?? '';
      const admission = this.limits.admit(`${app.botId} ${r.method} ${r.pattern.source} ${major}`, r.posts ? this.posts : this.other, now);
      if (!admission.ok) {
        record(429);
        return Response.json({ message: 'You are being rate limited.', retry_after: admission.retryAfterMs / 1000, global: false }, { status: 429, headers: admission.headers });
      }
      const shared = r.posts ? this.shared.get(m[1] ?? '') : undefined;
      if (shared && shared.left > 0) {
        shared.left -= 1;
        this.sharedRefused += 1;
        record(429, true);
        const headers = { ...admission.headers, 'X-RateLimit-Scope': 'shared', 'Retry-After': (shared.retryAfterMs / 1000).toFixed(3) };
        return Response.json({ message: 'The resource is being rate limited.', retry_after: shared.retryAfterMs / 1000, global: false }, { status: 429, headers });
      }
      const url = new URL(req.url);
      let parsed: Promise<ParsedBody> | null = null;
      const read = () => (parsed ??= bodyOf(req));
      try {
        const result = await r.handler({ app, bot: app.botId, params: m.slice(1), query: url.searchParams, body: async () => (await read()).json, files: async () => (await read()).files });
        record(result === null ? 204 : 200);
        return result === null ? new Response(null, { status: 204, headers: admission.headers }) : Response.json(result, { headers: admission.headers });
      } catch (error) {
        if (!(error instanceof WorldError)) throw error;
        record(error.status);
        return Response.json({ message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) }, { status: error.status, headers: admission.headers });
      }
    }
    record(404);
    return Response.json({ message: '404: Not Found', code: 0 }, { status: 404 });
  }

  private countInvalid(now: number): void {
    this.invalidAt.push(now);
    while (this.invalidAt.length && now - this.invalidAt[0]! >= this.invalid.windowMs) this.invalidAt.shift();
    if (this.invalidAt.length >= this.invalid.limit && this.bannedAt === null) this.bannedAt = now;
  }
}

/** A new thread's `auto_archive_duration`, when the body gives one. */
function archiveOptions(body: Record<string, unknown>): { autoArchiveMinutes?: number } {
  return typeof body.auto_archive_duration === 'number' ? { autoArchiveMinutes: body.auto_archive_duration } : {};
}

interface ParsedBody {
  json: Record<string, unknown>;
  files: PostFile[];
}

/**
 * A JSON body, or multipart with `payload_json` and the files as
 * `files[n]` (discord.js sends files that way), each named and described by
 * the `attachments` entry with its `id` n.
 */
async function bodyOf(req: Request): Promise<ParsedBody> {
  const type = req.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await req.formData();
    const raw = form.get('payload_json');
    const json = typeof raw === 'string' ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const described = new Map((Array.isArray(json.attachments) ? (json.attachments as Array<{ id?: unknown; filename?: unknown; description?: unknown }>) : []).map((a) => [String(a.id), a]));
    const files: PostFile[] = [];
    for (const [field, value] of form.entries()) {
      const n = /^files\[(\d+)\]$/.exec(field)?.[1];
      if (n === undefined || typeof value === 'string') continue;
      const file = value as unknown as File;
      const meta = described.get(n);
      files.push({
        filename: typeof meta?.filename === 'string' ? meta.filename : file.name,
        data: new Uint8Array(await file.arrayBuffer()),
        contentType: file.type || null,
        description: typeof meta?.description === 'string' ? meta.description : null,
      });
    }
    return { json, files };
  }
  const text = await req.text();
  return { json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, files: [] };
}

