/** Control characters (C0, DEL, C1), line and paragraph separators, and bidirectional overrides. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * A line that is safe to print to a terminal: whatever it quotes from
 * outside (a job id, a provider's error, a run's failure), it stays one line
 * and cannot move the cursor, recolour the screen or reorder text: every
 * control character is shown as its escape (`\n`, `\u001b`).
 */
export function printable(line: string): string {
  return line.replace(UNPRINTABLE, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}
