import { describe, expect, test } from 'bun:test';
import { redactSecrets, redactUrl } from './redact.ts';

const KEY = 'sk-planted-0123456789abcdefXYZ';

describe('redactSecrets', () => {
  test('a 401 body that echoes the key keeps its status and message, not the key', () => {
    const body = `401 Unauthorized: {"error":{"message":"Incorrect API key provided: ${KEY}. You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`;
    expect(redactSecrets(body, [KEY])).toBe(
      '401 Unauthorized: {"error":{"message":"Incorrect API key provided: [redacted]. You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}',
    );
    // The shape alone is enough when the key is not known.
    expect(redactSecrets(body)).not.toContain(KEY);
  });

  test('keys the client knows, in any form, whatever their shape', () => {
    const key = 'correct-horse-battery';
    expect(redactSecrets(`echo ${key} and ${encodeURIComponent('a b+c/d')} and Basic ${Buffer.from(key).toString('base64')}`, [key, 'a b+c/d'])).toBe('echo [redacted] and [redacted] and Basic [redacted]');
  });

  test('a known key in the other forms servers echo: any case, cut short, split by spaces, base64 of user:key, hex (issue 23)', () => {
    const key = 'sk-planted-0123456789abcdefXYZ';
    const b64 = Buffer.from(`user:${key}`).toString('base64');
    const hex = Buffer.from(key).toString('hex');
    expect(redactSecrets(`bad key ${key.toUpperCase()}.`, [key])).toBe('bad key [redacted].');
    expect(redactSecrets(`key starts ${key.slice(0, 24)}...`, [key])).toBe('key starts [redacted]...');
    expect(redactSecrets(`split: ${key.match(/.{1,4}/g)!.join(' ')} end`, [key])).toBe('split: [redacted] end');
    expect(redactSecrets(`Basic ${b64}`, [key])).toMatch(/^Basic dXNlcjpz\[redacted\]=*$/);
    expect(redactSecrets(`hex ${hex.toUpperCase()} and ${Buffer.from(`user:${key}`).toString('hex')}`, [key])).toBe('hex [redacted] and 757365723a[redacted]');
    // Fewer than 8 of its characters in a row is not the key.
    expect(redactSecrets('sk-plan and 0123456 stay', [key])).toBe('sk-plan and 0123456 stay');
  });

  test('headers, fields and parameters named like secrets; bearer and basic tokens; URL credentials', () => {
    expect(redactSecrets('Authorization: Bearer abcdef123456')).toBe('Authorization: Bearer [redacted]');
    expect(redactSecrets('{"authorization": "Basic dXNlcjpwYXNz", "x-api-key": "k-123456", "api_key":"zzzz9999"}')).toBe('{"authorization": "Basic [redacted]", "x-api-key": "[redacted]", "api_key":"[redacted]"}');
    expect(redactSecrets('client_secret=s3cr3tvalue&password=hunter22')).toBe('client_secret=[redacted]&password=[redacted]');
    expect(redactSecrets('GET https://host/v1?api-key=abc123xyz&model=gpt&X-Goog-Signature=ffee00 failed')).toBe('GET https://host/v1?api-key=[redacted]&model=gpt&X-Goog-Signature=[redacted] failed');
    expect(redactSecrets('Unable to connect to http://user:hunter2@10.0.0.1:8080/v1')).toBe('Unable to connect to http://[redacted]@10.0.0.1:8080/v1');
    expect(redactSecrets('token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U expired')).toBe('token [redacted] expired');
  });

  test('ordinary error texts are left as they are', () => {
    for (const text of ['429 Too Many Requests: Rate limit reached for gpt-4o', 'no answer within 1500 ms', 'the monkey: banana; author: Ada', 'fetch failed: ECONNREFUSED 127.0.0.1:9', '503: upstream gone', 'Invalid token provided']) expect(redactSecrets(text)).toBe(text);
  });
});

describe('redactUrl', () => {
  test('credentials and the query go, the host and path stay', () => {
    expect(redactUrl('http://user:pw@127.0.0.1:8080/v1?api-key=abc')).toBe('http://[redacted]@127.0.0.1:8080/v1?[redacted]');
    expect(redactUrl('https://api.openai.com/v1')).toBe('https://api.openai.com/v1');
    expect(redactUrl('http://localhost:11434')).toBe('http://localhost:11434');
    expect(redactUrl('not a url ?token=abc123')).toBe('not a url ?token=[redacted]');
  });
});
