/** True when the text is addressed to the House as a command (starts with `!`): players ignore these, the House parses them. */
export function looksLikeCommand(text: string | undefined): boolean {
  return /^\s*!\S/.test(text ?? '');
}
