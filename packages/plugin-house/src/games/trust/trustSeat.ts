import type { PlayerId } from '@the-house/games/engine/types.ts';
import type { SeenAct, TrustState, TrustView } from '@the-house/games/trust/trustTypes.ts';

const VERB: Record<string, string> = { HIGH_FIVE: 'high-fived', ATTACK: 'attacked', BLOCK: 'blocked', DO_NOTHING: 'did nothing', BEG: 'begged', REPLICATE: 'replicated' };

function act(who: string, a: SeenAct): string {
  const target = a.target ? ` ${a.target}` : '';
  if (a.missed) return `${who} high-fived${target}, but it missed and landed as an attack`;
  if (a.action === 'BEG') return `${who} begged${a.granted === undefined ? '' : a.granted ? ' and got something' : ' and got nothing'}`;
  return `${who} ${VERB[a.action] ?? a.action.toLowerCase()}${a.action === 'HIGH_FIVE' || a.action === 'ATTACK' ? target : ''}`;
}

/** A person's Trust turn in a few lines: their sats, the last round as they saw it, and their notices. */
export function trustTurnText(view: TrustView): string {
  const last = view.history.at(-1);
  const others = view.units.filter((u) => u.id !== view.you).map((u) => `${u.id} ${u.sats}${u.alive ? '' : ' (out)'}`);
  const lines = [`You have ${view.sats} sats (round ${view.round} of ${view.maxRounds}). Others: ${others.join(', ') || 'none'}.`];
  if (last) {
    const acts = Object.entries(last.acts).map(([who, a]) => act(who === view.you ? 'you' : who, a));
    lines.push(`Last round: ${acts.join('; ')}.`);
  }
  if (view.idle >= 2) lines.push(`You have done nothing ${view.idle} rounds running: a third costs 3 sats.`);
  if (view.notices.length) lines.push(view.notices.join(' '));
  return lines.join('\n');
}

/** The exact short forms a person may type now, e.g. `!move hf @Ada`, `!move beg 5 hungry`. */
export function trustMoveForms(state: TrustState, view: TrustView): string[] {
  const targets = view.targetRequired ? view.opponents : [];
  const aimed = (verb: string) => (targets.length ? targets.map((t) => `!move ${verb} @${t}`) : [`!move ${verb}`]);
  const forms = [...aimed('hf'), ...aimed('attack'), '!move block', '!move nothing', `!move beg N REASON (N up to ${view.rules.begMax}, e.g. !move beg 5 hungry)`];
  forms.push(view.canReplicate ? '!move replicate' : `!move replicate (once you have ${view.rules.replicateAt} sats)`);
  if (state.config.alliances && view.opponents.length > 1) forms.push('add ally @NAME, leave @NAME or share @NAME N to a move');
  return forms;
}

/**
 * A person's Trust move in words: `hf @Ada` (or `high_five Ada`), `attack
 * Bram`, `block`, `nothing`, `beg 5 I am nearly out`, `replicate`; alliance
 * fields ride along (`hf @Ada ally @Ada`, `block share @Ada 5`). JSON is left
 * to the game's parser. Anything else is passed on as it is, for the game's
 * validation to explain.
 */
export function trustMove(text: string, _state?: unknown, _player?: PlayerId): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return undefined;
  const words = trimmed.split(/\s+/);
  const extras: Record<string, unknown> = {};
  for (const field of ['ally', 'leave', 'share'] as const) {
    const at = words.findIndex((w, i) => i > 0 && w.toLowerCase() === field);
    if (at < 0) continue;
    const [name, amount] = words.splice(at, field === 'share' ? 3 : 2).slice(1);
    const who = name?.replace(/^@/, '') ?? '';
    extras[field] = field === 'share' ? { to: who, amount: Number(amount) } : who;
  }
  const [head = '', ...rest] = words;
  const key = head.toUpperCase().replace(/-/g, '_');
  const alias = new Map([
    ['HF', 'HIGH_FIVE'],
    ['HIGHFIVE', 'HIGH_FIVE'],
    ['NOTHING', 'DO_NOTHING'],
    ['WAIT', 'DO_NOTHING'],
    ['DONOTHING', 'DO_NOTHING'],
    ['PASS', 'DO_NOTHING'],
  ]);
  const action = alias.get(key) ?? key;
  if (action === 'BEG') {
    const amount = Number(rest[0]);
    return { action: 'BEG', amount: Number.isFinite(amount) ? amount : rest[0], reason: rest.slice(1).join(' '), ...extras };
  }
  if ((action === 'HIGH_FIVE' || action === 'ATTACK') && rest[0]) return { action, target: rest[0].replace(/^@/, ''), ...extras };
  return { action, ...extras };
}
