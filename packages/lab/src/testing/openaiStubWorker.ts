// The body of `startOpenAiStubThread`: an OpenAI stub in a thread of its own, driven by messages.
import { startOpenAiStub, type OpenAiStub, type OpenAiStubOptions } from './openaiStub.ts';

declare const self: Worker;

/** Wall-clock milliseconds: a worker's performance clock starts at its own origin. */
const wall = (t: number) => performance.timeOrigin + t;

let stub: OpenAiStub | null = null;

self.onmessage = async (event: MessageEvent) => {
  const message = event.data as { type: 'start'; options: OpenAiStubOptions } | { type: 'options'; options: OpenAiStubOptions } | { type: 'calls'; from: number } | { type: 'stop' };
  switch (message.type) {
    case 'start':
      stub = startOpenAiStub(message.options);
      self.postMessage({ type: 'started', env: stub.env() });
      break;
    case 'options':
      Object.assign(stub!.options, message.options);
      self.postMessage({ type: 'options' });
      break;
    case 'calls':
      self.postMessage({ type: 'calls', calls: stub!.calls.slice(message.from).map((c) => ({ ...c, receivedAt: wall(c.receivedAt), answeredAt: wall(c.answeredAt) })) });
      break;
    case 'stop':
      await stub?.stop();
      self.postMessage({ type: 'stopped' });
      break;
  }
};
