import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { verifyChain } from '@the-house/games/engine/eventLog.ts';
import { readBundle } from '../models/matchBundle.ts';
import { checkSignature, fingerprintOf, readSignature } from '../signing/matchSignature.ts';
import { outcomeCheck } from '../provenance/outcomeCheck.ts';
import { parentChainLines } from '../fork/parentChain.ts';
import { guardedFetch } from '../net/guardedFetch.ts';
import { redactUrl } from '../models/redact.ts';
import { CliError } from './cliError.ts';
import { parseCliArgs } from './args.ts';

const USAGE = 'verify-match <match file> [--key house-public-key.pem | --house URL] [--parent FILE]...';

/** The largest key answer read from a House: a PEM is a few hundred bytes. */
const MAX_KEY_BYTES = 8_192;

/** The fingerprint of the key a House publishes at <url>/house/signing-key, fetched under the outbound policy (HOUSE_FETCH_ALLOW for a House on this machine or network). */
async function houseFingerprint(url: string): Promise<string> {
  const base = url.replace(/\/+$/, '');
  const at = base.endsWith('/signing-key') ? base : `${base}/house/signing-key`;
  const shown = redactUrl(at);
  const got = await guardedFetch(at, { signal: AbortSignal.timeout(15_000) });
  if (!got.ok) throw new CliError(`--house: cannot fetch ${shown}: ${got.failure.detail}`);
  const text = (await got.response.text()).slice(0, MAX_KEY_BYTES);
  if (!got.response.ok) throw new CliError(`--house: ${shown} answered ${got.response.status}`);
  try {
    return fingerprintOf(createPublicKey(text));
  } catch {
    throw new CliError(`--house: ${shown} gave no public key (PEM)`);
  }
}

/**
 * `bun run house verify-match <file>`: rechecks a House match file, a line
 * per check: it reads as a match file; its log's hash chain holds and ends
 * at its head; its outcome is what the log's `match_over` event says (the
 * outcome is outside the chain); the signature beside it signs these bytes
 * and that head with the Ed25519 key it names (by fingerprint); with `--key`
 * (or `--house`, the key that House publishes at /house/signing-key), that
 * this key is the one given; for a fork, each parent up the chain whose
 * file is given (`--parent`) or beside it (`fork/parentChain.ts`). Without either, a valid signature says only
 * which key made it: anyone can sign with a key of their own. Exit 0 only
 * when every check made passes.
 */
export async function verifyMatchCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCliArgs(argv, { key: { type: 'string' }, house: { type: 'string' }, parent: { type: 'string', multiple: true } }, USAGE);
  const file = positionals[0];
  if (!file || positionals.length > 1 || (values.key !== undefined && values.house !== undefined)) throw new CliError(`usage: ${USAGE}`);
  const lines: string[] = [];
  let failed = false;
  const line = (ok: boolean, text: string) => {
    failed ||= !ok;
    lines.push(`${ok ? 'ok  ' : 'FAIL'} ${text}`);
  };
  const read = readBundle(file, '.');
  if (!read.ok) throw new CliError(read.error);
  const { bundle } = read;
  line(true, `match file: ${bundle.id} (${bundle.game}, ${bundle.log.length} log entries, ${bundle.record.calls.length} recorded calls)`);
  const chain = verifyChain(bundle.log, bundle.head);
  line(chain.ok, chain.ok ? `hash chain: every entry follows the one before and the log ends at its head ${bundle.head.slice(0, 16)}` : `hash chain: breaks at entry ${chain.at}: ${chain.reason}`);
  const outcome = outcomeCheck(bundle.outcome, bundle.log);
  line(outcome.ok, outcome.line);
  const signature = readSignature(read.path);
  if (!signature.ok) line(false, `signature: ${signature.error}`);
  else {
    const { fingerprint } = signature.signature;
    const checked = checkSignature(read.path, bundle.head, signature.signature);
    let expected: string | null = null;
    if (values.key !== undefined) {
      try {
        expected = fingerprintOf(createPublicKey(readFileSync(values.key as string, 'utf8')));
      } catch {
        throw new CliError(`--key '${String(values.key).slice(0, 80)}' is not a readable public key (PEM)`);
      }
    } else if (values.house !== undefined) expected = await houseFingerprint(String(values.house));
    const given = values.house === undefined ? 'the key given' : `the key ${redactUrl(String(values.house))} publishes`;
    // Any key makes a valid signature: only a key the reader holds as the House's makes it the House's.
    const whose = expected === null ? `signed by key ${fingerprint} (not checked against a House key; pass --key FILE or --house URL)` : expected === fingerprint ? `signed by the House key ${fingerprint} (${given})` : `valid, made with key ${fingerprint}`;
    line(checked.ok, checked.ok ? `signature: ${whose}` : `signature: ${checked.error}`);
    if (expected !== null) line(expected === fingerprint, expected === fingerprint ? (values.house === undefined ? 'key: the one given' : `key: ${given}`) : `key: signed by ${fingerprint}, not ${given} (${expected})`);
  }
  for (const parent of parentChainLines(bundle, read.path, (values.parent as string[] | undefined) ?? [])) line(parent.ok, parent.text);
  process.stdout.write(`${lines.join('\n')}\n`);
  return failed ? 1 : 0;
}
