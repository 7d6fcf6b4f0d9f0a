import { MAX_OPEN_TOKENS, type OpenBudget } from './entrant.ts';

/** What `!entrants` asks: the list, or to remove, open or close one entrant. */
export type EntrantsCommand = { kind: 'entrants'; remove?: string; open?: { name: string; budget: OpenBudget }; close?: string };

export const ENTRANTS_USAGE = '`!entrants` lists them; `!entrants remove NAME` removes yours; `!entrants open NAME [--match-tokens N --day-tokens N]` lets anyone seat it (an openai one within those budgets); `!entrants close NAME` makes it private again';

/** `!entrants [remove|open|close NAME ...]`: pure, never a throw, a refusal in one line. */
export function parseEntrants(args: readonly string[]): { ok: true; command: EntrantsCommand } | { ok: false; error: string } {
  if (args.length === 0) return { ok: true, command: { kind: 'entrants' } };
  const [verbWord, name, ...rest] = args;
  const verb = verbWord!.toLowerCase();
  if (!name || (verb !== 'open' && rest.length) || !['remove', 'open', 'close'].includes(verb)) return { ok: false, error: ENTRANTS_USAGE };
  if (verb === 'remove') return { ok: true, command: { kind: 'entrants', remove: name } };
  if (verb === 'close') return { ok: true, command: { kind: 'entrants', close: name } };
  const budget: OpenBudget = {};
  const words = [...rest];
  while (words.length) {
    const token = words.shift()!;
    const eq = token.indexOf('=');
    const [flag, value] = eq > 0 ? [token.slice(0, eq), token.slice(eq + 1)] : [token, words.shift()];
    const field = flag === '--match-tokens' ? 'matchTokens' : flag === '--day-tokens' ? 'dayTokens' : null;
    if (!field) return { ok: false, error: `unknown '${flag.slice(0, 30)}'; ${ENTRANTS_USAGE}` };
    const n = value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > MAX_OPEN_TOKENS) return { ok: false, error: `${flag} needs a whole number of tokens from 1 to ${MAX_OPEN_TOKENS.toLocaleString('en-US')}; ${ENTRANTS_USAGE}` };
    budget[field] = n;
  }
  return { ok: true, command: { kind: 'entrants', open: { name, budget } } };
}
