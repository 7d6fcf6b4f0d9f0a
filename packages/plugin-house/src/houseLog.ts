import type { IAgentRuntime } from '@elizaos/core';

export type HouseLogLevel = 'info' | 'warn' | 'error';

let sink: ((line: string, level: HouseLogLevel) => void) | null = null;

/**
 * The host prints the House's own lines (a match opened, started, finished,
 * stopped, paused, resumed) apart from the framework's logger, so a person
 * sees them at the default level while the framework's chatter stays at
 * debug. A House loaded by another host logs them through its runtime.
 */
export function useHouseLog(print: ((line: string, level: HouseLogLevel) => void) | null): void {
  sink = print;
}

export function houseLog(runtime: IAgentRuntime, line: string, level: HouseLogLevel = 'info'): void {
  if (sink) sink(line, level);
  else runtime.logger[level](`House: ${line}`);
}

/** A House line where no runtime is at hand (a game's chat command): the host's printer, else the console. */
export function houseLogLine(line: string, level: HouseLogLevel = 'info'): void {
  if (sink) sink(line, level);
  else console[level](`House: ${line}`);
}
