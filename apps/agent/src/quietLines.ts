type ConsoleMethod = 'log' | 'info' | 'warn' | 'error' | 'debug';

/**
 * Drops console lines that match `known` until the returned function is
 * called. The host uses it while the server starts, for lines it explains
 * itself: each pattern must name one exact, known-harmless line.
 */
export function quietLines(known: RegExp[]): () => void {
  const methods: ConsoleMethod[] = ['log', 'info', 'warn', 'error', 'debug'];
  const saved = methods.map((m) => [m, console[m]] as const);
  for (const [name, original] of saved) {
    console[name] = (...args: unknown[]) => {
      const text = args.map((a) => (typeof a === 'string' ? a : a instanceof Error ? a.message : '')).join(' ');
      if (known.some((k) => k.test(text))) return;
      original.apply(console, args);
    };
  }
  return () => {
    for (const [name, original] of saved) console[name] = original;
  };
}
