import type { IAgentRuntime, Memory } from '@elizaos/core';
import type { DecisionRequest } from '@the-house/lab/decision/decisionRequest.ts';
import { DECIDE_ACTION } from '@the-house/plugin-player/playerPlugin.ts';

export type Span = [number, number];

/**
 * Calls `seen` with each decision request a player runtime answers, the
 * span its action took and the process's CPU time (ms) when it began (NaN
 * with `cpu: false`: a reading costs about 0.2 ms, charged to the decision).
 * Players may share one action object: each is wrapped once.
 */
export function onDecisions(runtimes: readonly IAgentRuntime[], seen: (request: DecisionRequest | undefined, span: Span, cpuAtStart: number) => void, { cpu: readCpu = true } = {}): void {
  const wrapped = new WeakSet<object>();
  for (const runtime of runtimes) {
    const action = runtime.actions.find((a) => a.name === DECIDE_ACTION);
    if (!action || wrapped.has(action)) continue;
    wrapped.add(action);
    const handler = action.handler;
    action.handler = async (rt, message: Memory, ...rest) => {
      const start = performance.now();
      const cpu = readCpu ? process.cpuUsage() : null;
      try {
        return await handler(rt, message, ...rest);
      } finally {
        seen((message.content as { houseRequest?: DecisionRequest }).houseRequest, [start, performance.now()], cpu ? (cpu.user + cpu.system) / 1000 : NaN);
      }
    };
  }
}
