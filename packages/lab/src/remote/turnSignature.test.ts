import { describe, expect, test } from 'bun:test';
import { createPublicKey, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fingerprintOf } from '../signing/matchSignature.ts';
import { checkTurnSignature, KEY_HEADER, REPLAY_WINDOW_MS, SIGNATURE_HEADER, TIMESTAMP_HEADER, turnSignatureHeaders } from './turnSignature.ts';

const house = generateKeyPairSync('ed25519');
const now = 1_780_000_000_000;
const body = JSON.stringify({ turn_id: 'a'.repeat(32), phase: 'MOVE' });
const headersOf = (record: Record<string, string>) => new Headers(record);

describe('a pushed turn signed by the House', () => {
  test('carries the timestamp, the signature over `${timestamp}.${body}` and the key fingerprint, and verifies with the public key', () => {
    const signed = turnSignatureHeaders(body, house.privateKey, now);
    expect(signed[TIMESTAMP_HEADER]).toBe(String(now));
    expect(signed[SIGNATURE_HEADER]).toMatch(/^ed25519=[A-Za-z0-9+/]{86}==$/);
    expect(signed[KEY_HEADER]).toBe(fingerprintOf(house.publicKey));
    expect(checkTurnSignature(body, headersOf(signed), house.publicKey, now + 1_000)).toEqual({ ok: true });
    expect(checkTurnSignature(body, headersOf(signed), createPublicKey(house.privateKey), now - 1_000)).toEqual({ ok: true });
  });

  test('a body changed by one byte, a moved timestamp, another key, no headers: each refused, saying why', () => {
    const signed = turnSignatureHeaders(body, house.privateKey, now);
    expect(checkTurnSignature(body.replace('MOVE', 'MOVF'), headersOf(signed), house.publicKey, now)).toEqual({ ok: false, error: 'the signature does not verify with the House key' });
    expect(checkTurnSignature(body, headersOf({ ...signed, [TIMESTAMP_HEADER]: String(now + 1) }), house.publicKey, now)).toMatchObject({ ok: false });
    expect(checkTurnSignature(body, headersOf(signed), generateKeyPairSync('ed25519').publicKey, now)).toMatchObject({ ok: false });
    expect(checkTurnSignature(body, headersOf({}), house.publicKey, now)).toEqual({ ok: false, error: `no ${TIMESTAMP_HEADER} header in Unix milliseconds` });
    expect(checkTurnSignature(body, headersOf({ [TIMESTAMP_HEADER]: String(now) }), house.publicKey, now)).toEqual({ ok: false, error: `no ${SIGNATURE_HEADER} header of the form ed25519=<base64>` });
  });

  test('a signed turn replayed past the window is refused', () => {
    const signed = headersOf(turnSignatureHeaders(body, house.privateKey, now));
    expect(checkTurnSignature(body, signed, house.publicKey, now + REPLAY_WINDOW_MS)).toEqual({ ok: true });
    expect(checkTurnSignature(body, signed, house.publicKey, now + REPLAY_WINDOW_MS + 1)).toMatchObject({ ok: false, error: expect.stringContaining('a replay') });
    expect(checkTurnSignature(body, signed, house.publicKey, now - REPLAY_WINDOW_MS - 1)).toMatchObject({ ok: false });
  });
});

describe("the README's lines that verify a turn", () => {
  /** The README's `fromHouse`, as written there (its import and its fetch of the key left out: the key is given). */
  function readmeCheck(key: KeyObject): (body: string, headers: Headers) => boolean {
    const readme = readFileSync(join(import.meta.dir, '../../../../README.md'), 'utf8');
    const block = /\*\*Signed turns\.\*\*[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)?.[1];
    if (!block) throw new Error('no js block after **Signed turns.** in the README');
    const code = block.split('\n').filter((line) => !line.startsWith('import ') && !line.startsWith('const houseKey')).join('\n');
    return new Function('createPublicKey', 'verify', 'houseKey', `${code}\nreturn fromHouse;`)(createPublicKey, verify, key);
  }

  test('accept what the House signs now, and refuse a changed body, another key and a replay past 5 minutes', () => {
    const fromHouse = readmeCheck(house.publicKey);
    const signed = turnSignatureHeaders(body, house.privateKey, Date.now());
    expect(fromHouse(body, headersOf(signed))).toBe(true);
    expect(fromHouse(`${body} `, headersOf(signed))).toBe(false);
    expect(readmeCheck(generateKeyPairSync('ed25519').publicKey)(body, headersOf(signed))).toBe(false);
    expect(fromHouse(body, headersOf(turnSignatureHeaders(body, house.privateKey, Date.now() - REPLAY_WINDOW_MS - 60_000)))).toBe(false);
    expect(fromHouse(body, headersOf({}))).toBe(false);
  });
});
