/** Where the tables-model bench runs its player agents: in the host's process, or in a second process seated over A2A. */
export type PlayersMode = 'host' | 'worker';

/** `--players host|worker` taken out of the bench's options (host when absent); another value is refused in one line. */
export function playersOption(args: readonly string[]): { mode: PlayersMode; rest: string[] } {
  const at = args.indexOf('--players');
  if (at < 0) return { mode: 'host', rest: [...args] };
  const mode = args[at + 1];
  if (mode !== 'host' && mode !== 'worker') throw new Error(`--players takes host (the players in the host's process) or worker (in a second process), got '${mode ?? ''}'`);
  return { mode, rest: args.filter((_, i) => i !== at && i !== at + 1) };
}
