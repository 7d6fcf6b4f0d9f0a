import { expect, test } from 'bun:test';
import { startOpenAiStubProcess } from './openaiStubProcess.ts';

test('the stub in a process of its own answers over HTTP with its options, and says on stop how many calls it answered and the CPU time it used', async () => {
  const stub = await startOpenAiStubProcess({ countUsage: false, latencyMs: 20 });
  const base = stub.env().OPENAI_BASE_URL!;
  const ask = () => fetch(`${base}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hello there' }] }) });
  const body = (await (await ask()).json()) as { choices: Array<{ message: { content: string } }>; usage: { prompt_tokens: number } };
  expect(body.choices[0]!.message.content).toContain('Stub model');
  expect(body.usage.prompt_tokens).toBe(0);
  await ask();
  const { cpuMs, calls } = await stub.stop();
  expect(calls).toBe(2);
  expect(cpuMs).toBeGreaterThan(0);
  // Stopped with its process: nothing answers any more.
  expect(await ask().then(() => 'answered', () => 'refused')).toBe('refused');
});
