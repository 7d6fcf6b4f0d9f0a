import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { redactSecrets, redactUrl, secretsRedactor } from './redact.ts';

/**
 * Redaction fuzzed (issue 13): a key of any printable shape, planted in any
 * error text the way providers and proxies echo it (bare, quoted in JSON, in
 * a header, a URL's user info or query, URL-encoded, in a Basic header), is
 * never left in what the recorder keeps; the rest of the text survives.
 */

const SEED = 1313;
const key = fc.stringMatching(/^[A-Za-z0-9_~.+\/-]{8,40}$/).filter((k) => !'[redacted]'.includes(k) && !/^[.~+/-]/.test(k));
const filler = fc.string({ maxLength: 40 }).map((s) => s.replace(/[A-Za-z0-9_~.+\/-]+$/, ''));
const echo = fc.constantFrom(
  (k: string) => `Incorrect API key provided: ${k}.`,
  (k: string) => `{"error":{"message":"bad key ${k}","code":"invalid_api_key"}}`,
  (k: string) => `Authorization: Bearer ${k}`,
  (k: string) => `"api_key": "${k}"`,
  (k: string) => `GET http://u:${encodeURIComponent(k)}@10.0.0.1/v1?api-key=${encodeURIComponent(k)}&x=1`,
  (k: string) => `Basic ${Buffer.from(`u:${k}`).toString('base64')} and Basic ${Buffer.from(k).toString('base64')}`,
  (k: string) => `x-api-key=${k}; session=${k}`,
);

test('a planted key never survives redaction, whatever text surrounds it', () => {
  fc.assert(
    fc.property(key, filler, echo, filler, (k, before, shape, after) => {
      const redact = secretsRedactor(k, `http://u:${encodeURIComponent(k)}@10.0.0.1/v1`);
      const out = redactSecrets(redact(`${before}${shape(k)}${after}`));
      expect(out).not.toContain(k);
      expect(out).not.toContain(encodeURIComponent(k));
      expect(out.startsWith(before) || before.length === 0 || out.includes('[redacted]')).toBe(true);
    }),
    { seed: SEED, numRuns: 4000 },
  );
});

test('redactUrl never keeps credentials or a query; redactSecrets never throws on any text', () => {
  fc.assert(
    fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), key, (url, k) => {
      const withUser = url.replace('://', `://user:${encodeURIComponent(k)}@`);
      const shown = redactUrl(withUser);
      expect(shown).not.toContain(encodeURIComponent(k));
      if (shown.includes('?')) expect(shown).toEndWith('?[redacted]');
    }),
    { seed: SEED, numRuns: 1500 },
  );
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
      expect(typeof redactSecrets(text, [text.slice(0, 8)])).toBe('string');
    }),
    { seed: SEED, numRuns: 1500 },
  );
});
