import { describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runHouseCli } from '../../cli/runHouseCli.ts';


const tmp = (): string => mkdtempSync(join(tmpdir(), 'house-influence-'));

describe('house replay, influence', () => {
  test('a round is WHISPER, RUMOR, VOTE, then POWER by whoever was empowered; it reports alive, exposed and empowered', () => {
    const scenario = join(tmp(), 'scenario.json');
    writeFileSync(
      scenario,
      JSON.stringify({
        game: 'influence',
        seed: 3,
        players: ['ann', 'bob', 'cat', 'dan'],
        rounds: [
          {
            decisions: {
              ann: { whispers: [{ to: ['bob'], text: 'vote dan' }], public: 'dan is dangerous', empower: 'bob', expose: 'dan', last: 'ann out' },
              bob: { whispers: [], public: 'agreed', empower: 'ann', expose: 'dan' },
              cat: { public: 'hmm', empower: 'bob', expose: 'ann' },
              dan: { whispers: [{ to: ['cat'], text: 'cat, save me' }], public: 'not me', empower: 'cat', expose: 'ann', last: 'I was framed' },
            },
            power: { action: 'eliminate', target: 'dan' },
          },
        ],
      }),
    );
    const run = runHouseCli('replay', scenario);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    const result = JSON.parse(run.stdout);
    expect(result.game).toBe('influence');
    expect(result.outcome).toEqual({ over: false, winners: [], kind: null });
    const [r1] = result.rounds;
    expect({ round: r1.round, empowered: r1.empowered, eliminated: r1.eliminated, protected: r1.protected, players: r1.players }).toEqual({
      round: 1,
      empowered: 'bob',
      eliminated: ['dan'],
      protected: null,
      players: {
        ann: { alive: true, exposed: true },
        bob: { alive: true, exposed: false },
        cat: { alive: true, exposed: false },
        dan: { alive: false, exposed: true },
      },
    });
    const kinds = r1.events.map((e: { type: string }) => e.type);
    expect(kinds.indexOf('dm')).toBeLessThan(kinds.indexOf('public'));
    expect(kinds.indexOf('public')).toBeLessThan(kinds.indexOf('votes'));
    expect(kinds.indexOf('votes')).toBeLessThan(kinds.indexOf('power'));
    expect(r1.events).toContainEqual({ type: 'power', by: 'bob', action: 'eliminate', target: 'dan' });
    expect(r1.events).toContainEqual({ type: 'last_message', player: 'dan', text: 'I was framed' });
    expect(r1.events).toContainEqual({ type: 'dm', channel: 'dm:cat+dan', from: 'dan', text: 'cat, save me', turn: 1, to: ['cat', 'dan'] });
    expect(kinds).not.toContain('auto_filled');
  });

  test('a bad config key exits 2 with one line naming the allowed keys', () => {
    const scenario = join(tmp(), 'scenario.json');
    writeFileSync(scenario, JSON.stringify({ game: 'influence', players: ['a', 'b', 'c', 'd'], config: { dmLimit: 3 } }));
    const run = runHouseCli('replay', scenario);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      "error: bad influence config: unknown key 'dmLimit' (allowed keys: minPlayers, maxPlayers, timers, maxDmRecipients, maxMessageLength, inactivityLimit, whisperTurns, maxWhispers)",
    );
  });
});

describe('house play influence --out, then house audit influence', () => {
  test('play writes the HTML timeline and the House log; audit verifies it against the published head and catches an edit', () => {
    const out = join(tmp(), 'match');
    const play = runHouseCli('play', 'influence', '--seed', '4', '--players', 'alliance,rumour,paranoid,random,alliance,rumour,paranoid,random', '--out', out);
    expect(play.code).toBe(0);
    expect(play.stdout).toContain(`files: ${join(out, 'match.json')}, ${join(out, 'report.html')}, ${join(out, 'house-log.jsonl')}`);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toStartWith('<!doctype html>');
    expect(html).toContain('DMs, revealed after the game');
    expect(html).toContain('<canvas id="votes-1">');
    const saved = JSON.parse(readFileSync(join(out, 'state.json'), 'utf8'));
    const head: string = saved.state.publishedHead;
    expect(head).toMatch(/^[0-9a-f]{64}$/);

    const audit = runHouseCli('audit', 'influence', out);
    expect(audit.code).toBe(0);
    expect(audit.stdout.trim()).toMatch(new RegExp(`^Audit passed: \\d+ entries, the chain matches the published head ${head}\\.$`));

    const lines = readFileSync(join(out, 'house-log.jsonl'), 'utf8').trim().split('\n');
    const post = lines.findIndex((line) => line.includes('"type":"public"'));
    lines[post] = lines[post]!.replace(/"text":"[^"]*"/, '"text":"forged"');
    const forgedLog = join(tmp(), 'forged.jsonl');
    writeFileSync(forgedLog, `${lines.join('\n')}\n`);
    const caught = runHouseCli('audit', 'influence', forgedLog, head);
    expect(caught.code).toBe(1);
    expect(caught.stdout.trim()).toBe(`Audit FAILED at entry ${post}: entry hash does not match its content.`);
  });
});
