import { expect, test } from 'bun:test';
import { startOpenAiStubThread } from './openaiStubThread.ts';

test('the stub in a thread of its own answers over HTTP, takes options, counts no tokens when told, and reports its calls on this thread’s clock', async () => {
  const stub = await startOpenAiStubThread({ countUsage: false });
  try {
    const base = stub.env().OPENAI_BASE_URL!;
    await stub.set({ latencyMs: 20 });
    const sent = performance.now();
    const res = await fetch(`${base}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hello there' }] }) });
    const back = performance.now();
    const body = (await res.json()) as { choices: Array<{ message: { content: string } }>; usage: { prompt_tokens: number } };
    expect(body.choices[0]!.message.content).toContain('Stub model');
    expect(body.usage.prompt_tokens).toBe(0);
    const calls = await stub.calls();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.prompt).toBe('hello there');
    // Its times are this thread's performance.now(): inside the request's round trip, the stub's latency (less a timer's slack) between them.
    expect(calls[0]!.receivedAt).toBeGreaterThanOrEqual(sent - 5);
    expect(calls[0]!.answeredAt).toBeLessThanOrEqual(back + 5);
    expect(calls[0]!.answeredAt - calls[0]!.receivedAt).toBeGreaterThanOrEqual(15);
    expect(await stub.calls(1)).toEqual([]);
  } finally {
    await stub.stop();
  }
});
