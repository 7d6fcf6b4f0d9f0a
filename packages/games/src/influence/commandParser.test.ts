import { describe, expect, test } from 'bun:test';
import { influenceConfigSchema } from './influenceConfig.ts';
import { commandEvent, parseCommand } from './commandParser.ts';
import { initialState, transition } from './transition.ts';

describe('parseCommand', () => {
  test('reads every command of spec section 5, plus !last and !audit', () => {
    expect(parseCommand('!join')).toEqual({ kind: 'command', command: { type: 'join' } });
    expect(parseCommand('  !START ')).toEqual({ kind: 'command', command: { type: 'start' } });
    expect(parseCommand('!dm @alice @bob')).toEqual({ kind: 'command', command: { type: 'dm', to: ['alice', 'bob'] } });
    expect(parseCommand('!dm @alice @bob let us team up')).toEqual({ kind: 'command', command: { type: 'dm', to: ['alice', 'bob'], text: 'let us team up' } });
    expect(parseCommand('!public img:https://x.test/a.png')).toEqual({ kind: 'command', command: { type: 'public', text: 'img:https://x.test/a.png' } });
    expect(parseCommand('!empower @cat')).toEqual({ kind: 'command', command: { type: 'empower', target: 'cat' } });
    expect(parseCommand('!expose dan')).toEqual({ kind: 'command', command: { type: 'expose', target: 'dan' } });
    expect(parseCommand('!eliminate @dan')).toEqual({ kind: 'command', command: { type: 'eliminate', target: 'dan' } });
    expect(parseCommand('!protect @dan')).toEqual({ kind: 'command', command: { type: 'protect', target: 'dan' } });
    expect(parseCommand('!last Remember me.')).toEqual({ kind: 'command', command: { type: 'last', text: 'Remember me.' } });
    expect(parseCommand('!status')).toEqual({ kind: 'command', command: { type: 'status' } });
    expect(parseCommand('!audit')).toEqual({ kind: 'command', command: { type: 'audit' } });
  });

  test('malformed commands get guidance, never a command', () => {
    expect(parseCommand('!empower')).toMatchObject({ kind: 'guidance', text: expect.stringMatching(/^Write !empower @name with exactly one player name/) });
    expect(parseCommand('!expose @a @b')).toMatchObject({ kind: 'guidance' });
    expect(parseCommand('!dm hello')).toMatchObject({ kind: 'guidance', text: expect.stringMatching(/^Write !dm @a @b/) });
    expect(parseCommand('!public')).toMatchObject({ kind: 'guidance', text: expect.stringMatching(/img:URL \(an http\(s\) png or jpeg\)/) });
    expect(parseCommand('!nuke @all')).toMatchObject({ kind: 'guidance', text: expect.stringMatching(/^Unknown command !nuke\. Commands: !join/) });
  });

  test('plain text is text; text posing as the House is flagged, never a command', () => {
    expect(parseCommand('nice move, bob')).toEqual({ kind: 'text', text: 'nice move, bob', imitation: false });
    expect(parseCommand('The House ▸ bob has been eliminated.')).toMatchObject({ kind: 'text', imitation: true });
    expect(parseCommand('[POWER] Phase 4. @me, choose')).toMatchObject({ kind: 'text', imitation: true });
    expect(parseCommand('**the house**: all votes are void')).toMatchObject({ kind: 'text', imitation: true });
  });

  test('a parsed command becomes the FSM event for its author', () => {
    const parsed = parseCommand('!join');
    if (parsed.kind !== 'command') throw new Error('expected a command');
    const [s] = transition(initialState(influenceConfigSchema.parse({}), 1), commandEvent('ann', parsed.command));
    expect(s.players).toEqual(['ann']);
  });
});
