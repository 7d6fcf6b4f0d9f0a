import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { redactSecrets, redactUrl, secretsRedactor } from './redact.ts';

/**
 * Redaction fuzzed (issues 13 and 23): a key of any printable shape, planted
 * in any error text the way providers and proxies echo it (bare, quoted in
 * JSON, in a header, a URL's user info or query, URL-encoded, in a Basic
 * header; upper-cased, cut short, split by spaces, base64 of `user:key`,
 * hex), is never left in what reaches the debug log; the rest of the text survives.
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

/** The lower-cased, whitespace-free text's runs of `size` characters, to look for a secret's runs in. */
const flat = (text: string) => text.replace(/\s+/g, '').toLowerCase();
const windows = (text: string, size: number, from = 0) => Array.from({ length: Math.max(0, text.length - size + 1 - from) }, (_, i) => text.slice(from + i, from + i + size));

/** How a server echoes a key in other forms (issue 23); `user` is whatever stands before `:` in a Basic header. */
const otherForm = fc.constantFrom(
  (k: string) => k.toUpperCase(),
  (k: string) => k.slice(0, 24),
  (k: string) => k.match(/.{1,4}/g)!.join(' '),
  (k: string) => [...k].join(' '),
  (k: string) => Buffer.from(k).toString('hex'),
  (k: string) => Buffer.from(k).toString('hex').toUpperCase(),
);

test('a key echoed upper-cased, cut to 24 characters, split by spaces or in hex leaves no run of 8 of its characters', () => {
  fc.assert(
    fc.property(key, filler, otherForm, filler, (k, before, shape, after) => {
      const out = flat(secretsRedactor(k, 'https://api.example.test/v1')(`${before}${shape(k)}${after}`));
      for (const run of windows(k.toLowerCase(), 8)) expect(out).not.toContain(run);
      for (const run of windows(Buffer.from(k).toString('hex'), 16)) expect(out).not.toContain(run);
    }),
    { seed: SEED, numRuns: 1500 },
  );
});

test('base64 and hex of user:key, whatever the user, keep nothing of the key past the user', () => {
  fc.assert(
    fc.property(key, fc.stringMatching(/^[a-z0-9._-]{0,12}$/), filler, (k, user, before) => {
      const pair = `${user}:${k}`;
      const b64 = Buffer.from(pair).toString('base64');
      const out = secretsRedactor(k, 'https://api.example.test/v1')(`${before}Basic ${b64} and ${Buffer.from(pair).toString('hex')}`);
      // Past the groups that hold the user's bytes, every 12 characters of the base64 come from the key alone.
      for (const run of windows(b64.replace(/=+$/, ''), 12, Math.ceil((user.length + 1) / 3) * 4)) expect(out).not.toContain(run);
      for (const run of windows(Buffer.from(k).toString('hex'), 16)) expect(flat(out)).not.toContain(run);
    }),
    { seed: SEED, numRuns: 1500 },
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
