import { describe, expect, test } from 'bun:test';
import { copykitten } from './copykitten.ts';
import { transcript } from './transcript.ts';

describe('copykitten', () => {
  test('forgives one attack, answers two in a row', () => {
    expect(transcript(copykitten, 'HAHAAHHH').me).toBe('HHHHHAHH');
  });
});
