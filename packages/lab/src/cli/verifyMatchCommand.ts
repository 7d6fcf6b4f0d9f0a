import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { verifyChain } from '@the-house/games/engine/eventLog.ts';
import { readBundle } from '../models/matchBundle.ts';
import { checkSignature, fingerprintOf, readSignature } from '../signing/matchSignature.ts';
import { CliError } from './cliError.ts';
import { parseCliArgs } from './args.ts';

const USAGE = 'verify-match <match file> [--key house-public-key.pem]';

/**
 * `bun run house verify-match <file>`: rechecks a House match file, a line
 * per check: it reads as a match file; its log's hash chain holds and ends
 * at its head; the signature beside it signs these bytes and that head with
 * the Ed25519 key it names (by fingerprint); with `--key`, that this key is
 * the one given (the House's, from /house/signing-key). Without `--key` a
 * valid signature says only which key made it: anyone can sign with a key of
 * their own. Exit 0 only when every check made passes.
 */
export async function verifyMatchCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCliArgs(argv, { key: { type: 'string' } }, USAGE);
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new CliError(`usage: ${USAGE}`);
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
    }
    // Any key makes a valid signature: only a key the reader holds as the House's makes it the House's.
    const whose = expected === null ? `valid, made with key ${fingerprint}; whose key that is was not checked (give --key house.pub.pem, the key the House publishes at /house/signing-key)` : expected === fingerprint ? `signed by the House key ${fingerprint} (the key given)` : `valid, made with key ${fingerprint}`;
    line(checked.ok, checked.ok ? `signature: ${whose}` : `signature: ${checked.error}`);
    if (expected !== null) line(expected === fingerprint, expected === fingerprint ? 'key: the one given' : `key: signed by ${fingerprint}, not the key given (${expected})`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return failed ? 1 : 0;
}
