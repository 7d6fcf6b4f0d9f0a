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
 * the House's Ed25519 key (named by fingerprint, or the `--key` given). Exit
 * 0 only when every check passes.
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
    const checked = checkSignature(read.path, bundle.head, signature.signature);
    line(checked.ok, checked.ok ? `signature: signed by the House key ${signature.signature.fingerprint}` : `signature: ${checked.error}`);
    if (values.key !== undefined) {
      let expected: string;
      try {
        expected = fingerprintOf(createPublicKey(readFileSync(values.key as string, 'utf8')));
      } catch {
        throw new CliError(`--key '${String(values.key).slice(0, 80)}' is not a readable public key (PEM)`);
      }
      line(expected === signature.signature.fingerprint, expected === signature.signature.fingerprint ? 'key: the one given' : `key: signed by ${signature.signature.fingerprint}, not the key given (${expected})`);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return failed ? 1 : 0;
}
