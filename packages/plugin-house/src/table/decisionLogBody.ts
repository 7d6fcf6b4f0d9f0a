/** The start of a decision's prompt ElizaOS's row for the call keeps: enough to tell which request it was. */
export const PROMPT_KEPT = 240;

/**
 * ElizaOS's row for a seat's model call (`useModel`'s log body), its prompt
 * cut to its start in both places the body holds it (`prompt` and
 * `params.prompt`), with its length. The House records each call itself
 * (its prompt's hash, tokens, answer and latency, and the match's prompt file
 * or a replay gives the prompt whole); the full text twice in every row was a
 * third of the House's CPU left per model decision (issue 39: 16 tables of 8
 * players, 5.2 ms per decision with the rows whole, 4.3 ms without them).
 * Everything else in the body is kept, so the GUI lists the call as before.
 */
export function decisionLogBody(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const whole = body as { prompt?: unknown; params?: unknown };
  if (typeof whole.prompt !== 'string' || whole.prompt.length <= PROMPT_KEPT) return body;
  const cut = `${whole.prompt.slice(0, PROMPT_KEPT)}… (${whole.prompt.length} characters in all; the House's record of the match holds the whole prompt)`;
  const params = whole.params && typeof whole.params === 'object' && !Array.isArray(whole.params) && Object.hasOwn(whole.params, 'prompt') ? { ...whole.params, prompt: cut } : whole.params;
  return { ...whole, prompt: cut, params };
}
