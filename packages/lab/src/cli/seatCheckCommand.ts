import { mintSeatToken, tokenHash, tokenMatches } from '../remote/seatToken.ts';
import { outboundPolicy } from '../net/outboundPolicy.ts';
import { McpSeatDesk } from '../remote/mcpSeatDesk.ts';
import { answerMcp, MAX_MCP_BODY_BYTES, MCP_SEAT_PATH, seatTokenOf } from '../remote/mcpSeatServer.ts';
import { remoteClientFor } from '../remote/remoteClientFor.ts';
import { parseRemoteSpec } from '../remote/remoteSpec.ts';
import { Match } from '@the-house/games/engine/match.ts';
import { games } from '@the-house/games/registry.ts';
import { remoteTurn } from '../remote/remoteTurn.ts';
import { hearsEnd, SEAT, seatCheck, type CheckLine } from '../remote/seatCheck.ts';
import { decisionRequest } from '../seats/decisionRequestFor.ts';
import { CliError } from './cliError.ts';
import { intArg, parseCliArgs } from './args.ts';
import { localKeyArg } from './seatsArg.ts';

const USAGE = 'seat-check a2a|http <url> | seat-check openai <base url> --model M (key in HOUSE_ENTRANT_KEY) | seat-check mcp [--port N] [--wait-ms MS]; [--move-ms MS]';

const print = (line: CheckLine) => process.stdout.write(`${line.ok ? 'ok  ' : 'FAIL'} ${line.check}${line.why ? `: ${line.why}` : ''}\n`);

/**
 * `bun run house seat-check <kind> <url>`: scripted turns against a
 * candidate agent, a line per check (`seatCheck`), exit 0 only when all
 * pass. Calls go through HOUSE_FETCH_ALLOW's outbound policy, as the House's
 * would (a local agent needs its address and port listed: HOUSE_FETCH_ALLOW=127.0.0.1:8080). For MCP it serves
 * a seat on loopback, prints the address (with its token) for the agent to
 * connect to, then checks that the agent comes back when the House drops its
 * connection, and last that it stops once its token is refused.
 */
export async function seatCheckCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCliArgs(argv, { 'move-ms': { type: 'string' }, model: { type: 'string' }, port: { type: 'string' }, 'wait-ms': { type: 'string' } }, USAGE);
  const kind = positionals[0];
  if (!kind) throw new CliError(`usage: ${USAGE}`);
  const moveMs = intArg(values['move-ms'] as string | undefined, 'move-ms', 5_000, 100, 600_000);
  const lines = kind === 'mcp' ? await checkMcp(values, moveMs) : await checkCalled(kind, positionals[1], values.model as string | undefined, moveMs);
  const failed = lines.filter((l) => !l.ok).length;
  process.stdout.write(failed ? `${failed} of ${lines.length} checks failed\n` : `all ${lines.length} checks passed\n`);
  return failed ? 1 : 0;
}

async function checkCalled(kind: string, url: string | undefined, model: string | undefined, moveMs: number): Promise<CheckLine[]> {
  if (!url) throw new CliError(`usage: ${USAGE}`);
  const parsed = parseRemoteSpec(kind === 'openai' ? `openai:${url}#${model ?? ''}` : `${kind}:${url}`);
  if (!parsed.ok) throw new CliError(parsed.error);
  const outbound = outboundPolicy();
  if (outbound.problem) throw new CliError(outbound.problem);
  const local = parsed.spec.kind === 'openai' ? null : localKeyArg(process.env);
  if (local) process.stderr.write(`turns are signed with the local key ${local.fingerprint}; its public key: ${local.publicKeyPath}\n`);
  const client = remoteClientFor(parsed.spec, { policy: outbound.policy, apiKey: process.env.HOUSE_ENTRANT_KEY, onDetail: (detail) => process.stderr.write(`detail: ${detail}\n`), signingKey: () => local?.key ?? null })!;
  return seatCheck(client, moveMs, print);
}

async function checkMcp(values: Record<string, unknown>, moveMs: number): Promise<CheckLine[]> {
  const port = intArg(values.port as string | undefined, 'port', 0, 0, 65_535);
  const waitMs = intArg(values['wait-ms'] as string | undefined, 'wait-ms', 60_000, 1_000, 600_000);
  const token = mintSeatToken();
  const hash = tokenHash(token);
  const desk = new McpSeatDesk('seat-check: scripted turns of each game; answer each with submit_action.');
  let revoked = false;
  let calls = 0;
  let connected: () => void = () => {};
  const first = new Promise<void>((resolve) => (connected = resolve));
  const serve = (at: number) =>
    Bun.serve({
      port: at,
      hostname: '127.0.0.1',
      idleTimeout: 0,
      maxRequestBodySize: MAX_MCP_BODY_BYTES,
      fetch: (req) => {
        calls += 1;
        if (revoked || !tokenMatches(seatTokenOf(req) ?? '', hash)) return Response.json({ error: 'This seat token is not for a seat here.' }, { status: 403 });
        connected();
        return answerMcp(desk, req);
      },
    });
  let server = serve(port);
  /** The House goes away (its connections dropped) and comes back on the same address: the agent reconnects with its token and answers the next turn. */
  const comesBack = async (): Promise<CheckLine> => {
    const check = 'comes back after the House drops its connection, and answers the next turn';
    const at = server.port!;
    await server.stop(true);
    await Bun.sleep(1_000);
    server = serve(at);
    const line: CheckLine = await returnsTurn(desk, moveMs + 10_000).then(
      () => ({ ok: true, check }),
      (error: unknown) => ({ ok: false, check, why: error instanceof Error ? error.message : String(error) }),
    );
    print(line);
    return line;
  };
  try {
    process.stdout.write(`connect your agent to: http://127.0.0.1:${server.port}${MCP_SEAT_PATH}${token}\n`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const came = await Promise.race([first.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), waitMs)))]).finally(() => clearTimeout(timer));
    if (!came) {
      const line = { ok: false, check: `connects within ${waitMs} ms`, why: 'no MCP request came' };
      print(line);
      return [line];
    }
    // The desk is the House's end of the seat: a dropped connection is the agent's to come back from (comesBack).
    const lines = await seatCheck(desk, moveMs, print, { redial: false, end: false });
    lines.push(await comesBack());
    // Last, as the end closes the seat to turns: the agent reads it from wait_for_turn.
    const end = await hearsEnd(desk, moveMs);
    print(end);
    lines.push(end);
    // Its token refused, a well-behaved agent stops calling (a few calls in flight may still arrive).
    revoked = true;
    desk.close();
    const before = calls;
    await Bun.sleep(3_000);
    const after = calls - before;
    const line: CheckLine = after <= 3 ? { ok: true, check: 'stops calling once its token is refused' } : { ok: false, check: 'stops calling once its token is refused', why: `${after} calls in the 3 s after it was refused` };
    print(line);
    return [...lines, line];
  } finally {
    desk.close();
    void server.stop(true);
  }
}

/** One more Trust turn through the desk, answered within `ms`. */
async function returnsTurn(desk: McpSeatDesk, ms: number): Promise<void> {
  const trust = games.trust!;
  const match = Match.create(trust, trust.configSchema.parse({}), 2, [SEAT, 'ada']);
  const view = trust.view(match.state, SEAT);
  const request = decisionRequest(trust, match.state, 'seat-check-return', view, { player: SEAT, round: 1, phase: match.state.phase });
  await desk.ask(remoteTurn(request, request.matchId, 'the House is back: your move', { deadline: Date.now() + ms, msLeft: ms }, 0, 0), AbortSignal.timeout(ms));
}
