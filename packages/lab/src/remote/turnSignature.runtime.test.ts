import { afterAll, describe, expect, test } from 'bun:test';
import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import { a2aSeatClient } from './a2aSeatClient.ts';
import { httpBotClient } from './httpBotClient.ts';
import { referenceA2aAgent } from './reference/referenceA2aAgent.ts';
import { referenceHttpBot } from './reference/referenceHttpBot.ts';
import type { RemoteClient } from './remoteClient.ts';
import { agentRoster, LOOPBACK_POLICY, oneTrustTurn } from '../testing/remoteTestKit.ts';
import { checkTurnSignature, KEY_HEADER } from './turnSignature.ts';
import { fingerprintOf } from '../signing/matchSignature.ts';
import { localKey } from '../signing/localKey.ts';
import { remoteSeat } from '../cli/seatsArg.ts';
import { HOUSE_MAIN } from '../cli/runHouseCli.ts';

const loopback = LOOPBACK_POLICY;
const { started, stopAll } = agentRoster();
afterAll(stopAll);
const house = generateKeyPairSync('ed25519');

const turn = (client: RemoteClient) => oneTrustTurn(client, 'm-signed');

const kinds: Array<[string, (key: KeyObject) => { url: string; turns: string[]; stop(): Promise<void> }, (url: string, signingKey?: KeyObject) => RemoteClient]> = [
  ['HTTP bot', (key) => referenceHttpBot({ key }), (url, key) => httpBotClient(url, { policy: loopback, signingKey: () => key ?? null })],
  ['A2A v1.0', (key) => referenceA2aAgent({ key }), (url, key) => a2aSeatClient(url, { policy: loopback, signingKey: () => key ?? null })],
  ['A2A v0.3 peer', (key) => referenceA2aAgent({ key, v03: true }), (url, key) => a2aSeatClient(url, { policy: loopback, signingKey: () => key ?? null })],
];

describe('every turn the House pushes is signed with its key', () => {
  test.each(kinds)('%s: an agent that checks the signature plays signed turns and refuses unsigned ones and another key’s', async (_name, agentWith, client) => {
    const agent = started(agentWith(house.publicKey));
    const signed = await turn(client(agent.url, house.privateKey));
    expect(signed.trace.outcome).toBe('valid');
    expect(signed.fault).toBeNull();
    // Before: the House sent no signature, so an agent that asks for one refused every turn.
    const bare = await turn(client(agent.url));
    expect(bare.trace.outcome).toBe('fallback');
    expect(bare.fault).not.toBeNull();
    const forged = await turn(client(agent.url, generateKeyPairSync('ed25519').privateKey));
    expect(forged.trace.outcome).toBe('fallback');
    expect(agent.turns.length).toBe(1);
  });

  test('the signed bytes are the body as sent, with the fingerprint of the key', async () => {
    const seen: Array<{ body: string; headers: Headers }> = [];
    const bot = started(referenceHttpBot());
    const tap = started(Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: async (req) => {
      const body = await req.text();
      seen.push({ body, headers: req.headers });
      return fetch(bot.url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    } }));
    const { trace } = await turn(httpBotClient(`http://127.0.0.1:${tap.port}/turn`, { policy: loopback, signingKey: () => house.privateKey }));
    expect(trace.outcome).toBe('valid');
    expect(seen.length).toBe(1);
    expect(JSON.parse(seen[0]!.body).turn_id).toMatch(/^[0-9a-f]{32}$/);
    expect(checkTurnSignature(seen[0]!.body, seen[0]!.headers, house.publicKey, Date.now())).toEqual({ ok: true });
    expect(seen[0]!.headers.get(KEY_HEADER)).toBe(fingerprintOf(house.publicKey));
  });

  test("headless play's remote seats sign with the local key, whose public half is written beside it", async () => {
    const env = { HOUSE_PLAY_KEY_DIR: mkdtempSync(join(tmpdir(), 'house-key-')), HOUSE_FETCH_ALLOW: '127.0.0.1:*' };
    const local = localKey(env);
    const publicKey = createPublicKey(await Bun.file(local.publicKeyPath).text());
    expect(fingerprintOf(publicKey)).toBe(local.fingerprint);
    const bot = started(referenceHttpBot({ key: publicKey }));
    const [, seat] = remoteSeat(trustGame, `http:${bot.url}`, env);
    if (seat.kind !== 'remote') throw new Error('not a remote seat');
    const { trace } = await turn(seat.line.client);
    expect(trace.outcome).toBe('valid');
    expect(localKey(env).fingerprint).toBe(local.fingerprint);
  });

  test('seat-check signs its turns with the same local key, and says where its public key is', async () => {
    const env = { ...process.env, HOUSE_PLAY_KEY_DIR: mkdtempSync(join(tmpdir(), 'house-key-')), HOUSE_FETCH_ALLOW: '127.0.0.1:*' };
    const local = localKey(env);
    const bot = started(referenceHttpBot({ key: createPublicKey(await Bun.file(local.publicKeyPath).text()) }));
    const run = Bun.spawn([process.execPath, HOUSE_MAIN, 'seat-check', 'http', bot.url, '--move-ms', '3000'], { stdout: 'pipe', stderr: 'pipe', env });
    const [stdout, stderr, code] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
    expect(stderr).toContain(`turns are signed with the local key ${local.fingerprint}; its public key: ${local.publicKeyPath}`);
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^all \d+ checks passed$/);
    expect(code).toBe(0);
  }, 60_000);
});
