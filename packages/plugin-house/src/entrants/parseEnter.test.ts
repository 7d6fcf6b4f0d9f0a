import { describe, expect, test } from 'bun:test';
import { parseCommand } from '../commands/parse.ts';
import { parseEnter } from './parseEnter.ts';

describe('!enter and !entrants', () => {
  test('each kind, with a version', () => {
    expect(parseEnter(['bot', 'a2a', 'https://agent.example.org', '--version', '1.2'])).toEqual({ ok: true, value: { name: 'bot', spec: { kind: 'a2a', url: 'https://agent.example.org' }, version: '1.2' } });
    expect(parseEnter(['bot', 'mcp'])).toEqual({ ok: true, value: { name: 'bot', spec: { kind: 'mcp', url: null } } });
    expect(parseEnter(['bot', 'HTTP', 'https://bot.example.org/turn', '--version=3'])).toMatchObject({ ok: true, value: { spec: { kind: 'http' }, version: '3' } });
    expect(parseEnter(['bare', 'openai', 'https://api.example.org/v1', 'small', 'sk-secret'])).toEqual({ ok: true, value: { name: 'bare', spec: { kind: 'openai', url: 'https://api.example.org/v1', model: 'small' }, key: 'sk-secret' } });
    expect(parseCommand('!entrants remove @bot')).toEqual({ ok: true, command: { kind: 'entrants', remove: 'bot' } });
    expect(parseCommand('!entrants')).toEqual({ ok: true, command: { kind: 'entrants' } });
  });

  test('refusals say what is allowed and never repeat a key', () => {
    const refused = (args: string[]) => {
      const r = parseEnter(args);
      if (r.ok) throw new Error('accepted');
      return r.error;
    };
    expect(refused(['bot'])).toStartWith('usage:');
    expect(refused(['9bot', 'mcp'])).toContain("an entrant's name");
    expect(refused(['__proto__', 'mcp'])).toContain("an entrant's name");
    expect(refused(['bot', 'mcp', 'https://x.example.org'])).toContain('takes no URL');
    expect(refused(['bot', 'a2a'])).toContain('needs one URL');
    expect(refused(['bot', 'a2a', 'file:///etc/passwd'])).toContain('http or https');
    expect(refused(['bot', 'smoke', 'https://x.example.org'])).toContain('the kind is not a2a, mcp, http or openai');
    expect(refused(['bot', 'mcp', '--version', 'a b'])).toContain('--version');
    const withKey = refused(['bare', 'openai', 'https://user:sk-live-123@api.example.org/v1', 'small', 'sk-live-123']);
    expect(withKey).not.toContain('sk-live-123');
    expect(refused(['bare', 'openai', 'https://api.example.org/v1', 'small', 'sk-live-123', 'extra'])).not.toContain('sk-live-123');
  });
});
