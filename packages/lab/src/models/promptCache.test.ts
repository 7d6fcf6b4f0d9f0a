import { describe, expect, test } from 'bun:test';
import { billCalls, CACHE_RULES, type CacheCall } from './promptCache.ts';

/** `n` tokens of text (the tokenizer reads each " word" as one). */
const words = (n: number, word = 'word') => ` ${word}`.repeat(n);
const rules = (name: string) => CACHE_RULES.find((r) => r.name === name)!;

describe('what a provider’s prompt cache would bill', () => {
  test('OpenAI reads the longest prefix shared with an earlier prompt, from 1,024 tokens on, in steps of 128; writing costs nothing', () => {
    const calls: CacheCall[] = [
      { system: '', prompt: words(1100) + words(50, 'alpha'), tokensOut: 10 },
      { system: '', prompt: words(1100) + words(60, 'beta'), tokensOut: 10 },
      { system: '', prompt: words(900) + words(50, 'gamma'), tokensOut: 10 },
    ];
    const bill = billCalls(calls, rules('openai_5_mini'));
    expect(bill.tokensIn).toBe(1150 + 1160 + 950);
    expect(bill.read).toBe(1024);
    expect(bill.written).toBe(0);
    expect(bill.billed).toBeCloseTo(bill.tokensIn - 1024 + 102.4 + 30, 6);
    expect(bill.sent).toBe(bill.tokensIn + 30);
    // Under 1,024 shared tokens nothing is read: the third prompt shares 900 with the others.
    expect(billCalls(calls.slice(2), rules('openai_5_mini')).read).toBe(0);
    expect(billCalls(calls, rules('openai_4o_mini')).billed).toBeCloseTo(bill.tokensIn - 512 + 30, 6);
  });

  test('Anthropic holds only what a breakpoint marks, at least 1,024 tokens; a later prompt reads the longest marked prefix up to 20 pieces back and pays 1.25x for what it marks anew', () => {
    const head = words(1100);
    const turn1 = words(40, 'one');
    const answer = words(10, 'ans');
    const turn2 = words(30, 'two');
    const calls: CacheCall[] = [
      { system: '', prompt: head + turn1, shape: { blocks: [head, turn1], cacheAt: [0, 1] }, tokensOut: 10 },
      { system: '', prompt: head + turn1 + answer + turn2, shape: { blocks: [head, turn1, answer, turn2], cacheAt: [0, 3] }, tokensOut: 10 },
    ];
    const bill = billCalls(calls, rules('anthropic_sonnet_4_5'));
    // The first call writes its whole prompt; the second reads it and writes what came after.
    expect(bill.read).toBe(1140);
    expect(bill.written).toBe(1140 + 40);
    expect(bill.billed).toBeCloseTo(1140 * 0.1 + 1180 * 1.25 + 20, 6);
    // A prompt under the minimum is neither written nor read.
    const small = [{ system: '', prompt: turn1, shape: { blocks: [turn1], cacheAt: [0] }, tokensOut: 0 }];
    expect(billCalls([...small, ...small], rules('anthropic_sonnet_4_5'))).toMatchObject({ read: 0, written: 0, billed: 80 });
    // Without breakpoints nothing is held, however long the prefix.
    expect(billCalls(calls.map((c) => ({ ...c, shape: undefined })), rules('anthropic_sonnet_4_5')).read).toBe(0);
  });

  test('the bill in dollars follows the list prices', () => {
    const bill = billCalls([{ system: 'Be brief.', prompt: words(100), tokensOut: 50 }], rules('anthropic_sonnet_4_5'));
    expect(bill.cost).toBeCloseTo((bill.tokensIn * 3 + 50 * 15) / 1e6, 12);
  });
});
