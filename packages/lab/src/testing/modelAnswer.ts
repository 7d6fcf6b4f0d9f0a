import { bound, entryMoves, readDomain, readLegal, readSignatures, type LegalEntry } from '@the-house/games/engine/moveSignatures.ts';
import { Rng } from '@the-house/games/engine/rng.ts';
import { nullRecord } from '@the-house/games/engine/safeKey.ts';

/** How often a model-like answer goes wrong, each a share of answers (0..1). */
export interface ModelFaults {
  /** The legal JSON with prose around it (the House's parser finds it: no repair). */
  prose?: number;
  /** JSON cut off half way (before its first closing brace): no decision in it, so a repair round. */
  malformed?: number;
  /** Well-formed JSON with a value the rules refuse (a player who is not there, a negative amount): a repair round. */
  illegal?: number;
}

export interface ModelAnswerOptions {
  faults?: ModelFaults;
  /** Whether a repair round's answer may go wrong too (by default it is legal, with prose at the same rate). */
  faultyRepairs?: boolean;
  /** Mixed into the draw, so two stubs answer the same prompt differently. */
  salt?: number;
  /** How many items a list of moves or objects gets at most (default 2; fewer if its entry says so). */
  listMax?: number;
  /** Moves never chosen while another is legal (a bench that times the House leaves out Trust's BEG, which waits for the observer). */
  avoid?: readonly string[];
}

/** What a model-like answer was: a legal move, one of the faults, or nothing to read (no signatures or legal moves in the prompt). */
export type ModelAnswerKind = 'legal' | 'prose' | 'malformed' | 'illegal' | 'unreadable';

const SAYINGS = [
  'I keep my word this round and watch who keeps theirs.',
  'Steady play: no surprises from me this time.',
  'I am with whoever plays fair with me.',
  'Let us see who blinks first.',
  'Trust is earned one round at a time.',
  'Nothing personal, it is only the game.',
];

/** Placeholders as the parsed template keeps them: a string `<name>` stays as text; a bare one, and a list's `,...`, get markers. */
const RAW = '\u0000';
const MORE = '\u0001...';
const UNBOUND = Symbol('unbound');
type Filled = unknown | typeof UNBOUND;

/** A template as a JSON value: bare placeholders become marked strings, `[X,...]` a list whose last item is the repeat marker. */
function parseTemplate(template: string): unknown {
  // The markers are control characters, so the JSON text spells them as escapes.
  const json = template.replace(/,\.\.\.\]/g, ',"\\u0001..."]').replace(/(^|[^"])<(\w+)>(?!")/g, '$1"\\u0000$2"');
  return JSON.parse(json);
}

interface Reading {
  moves: Map<string, unknown>;
  legal: LegalEntry[];
  rng: Rng;
  listMax: number;
  /** The fields filled from entry bindings, for an illegal answer to spoil one of them. */
  filled: Array<{ holder: Record<string, unknown> | unknown[]; key: string | number; numeric: boolean; min: number }>;
  avoid: ReadonlySet<string>;
}

/** A placeholder an entry binds a value to (not a move, not free text). */
function isValuePlaceholder(node: unknown): boolean {
  if (typeof node !== 'string') return false;
  if (node.startsWith(RAW)) return node !== `${RAW}move`;
  return /^<\w+>$/.test(node) && node !== '<text>';
}

/** A value of a field's domain, less its `field!` exclusions; undefined when the entry binds nothing to it. */
function valueOf(r: Reading, entry: LegalEntry | null, field: string): { value: string | number; numeric: boolean; min: number } | undefined {
  const domain = bound(entry ?? undefined, field);
  if (domain === undefined) return undefined;
  const left = bound(entry ?? undefined, `${field}!`);
  const out = left === undefined ? [] : readDomain(left);
  const excluded = (v: string | number) => out.some((p) => ('value' in p ? p.value === String(v) : typeof v === 'number' && v >= p.min && v <= p.max));
  const parts = readDomain(domain);
  // Each part weighs what it holds, so `0..3|7` and `0..7 x!=4..6` draw the same values alike.
  const weights = parts.map((p) => ('value' in p ? 1 : Math.max(1, Math.floor(p.max) - Math.ceil(p.min) + 1)));
  const total = weights.reduce((a, b) => a + b, 0);
  const pickPart = () => {
    let at = r.rng.int(0, total - 1);
    for (let i = 0; i < parts.length; i++) {
      if (at < weights[i]!) return parts[i]!;
      at -= weights[i]!;
    }
    return parts.at(-1)!;
  };
  let last: { value: string | number; numeric: boolean; min: number } | undefined;
  for (let tries = 0; tries < 100; tries++) {
    const part = pickPart();
    if ('value' in part) {
      const n = Number(part.value);
      last = Number.isFinite(n) && part.value !== '' ? { value: n, numeric: true, min: n } : { value: part.value, numeric: false, min: 0 };
    } else {
      const lo = Math.ceil(part.min);
      const hi = Math.floor(part.max);
      last = { value: hi >= lo ? r.rng.int(lo, hi) : part.min, numeric: true, min: part.min };
    }
    if (!excluded(last.value)) return last;
  }
  return last;
}

/** A list's length: within what the entry allows for `key` (`#key=a..b`), no longer than `most` (a model writes a few items, not the most it may). */
function lengthOf(r: Reading, entry: LegalEntry | null, key: string | null, least: number, most: number): number {
  const size = key === null ? undefined : bound(entry ?? undefined, `#${key}`);
  const part = size === undefined ? undefined : readDomain(size)[0];
  const [lo, hi] = part && 'min' in part ? [part.min, part.max] : [least, most];
  const top = Math.max(lo, Math.min(hi, most));
  return r.rng.int(lo, top);
}

/** One move: an entry drawn from "Legal now" (extras left out), its template filled with the entry's values. */
function oneMove(r: Reading): Filled {
  const entries = r.legal.filter((e) => !e.name.startsWith('+'));
  if (entries.length === 0) return UNBOUND;
  const wanted = (e: LegalEntry) => entryMoves(e).filter((m) => !r.avoid.has(m));
  const preferred = entries.filter((e) => wanted(e).length > 0);
  const entry = r.rng.pick(preferred.length ? preferred : entries);
  const name = r.rng.pick(preferred.length ? wanted(entry) : entryMoves(entry));
  const template = r.moves.get(name);
  return template === undefined ? UNBOUND : fill(r, template, entry);
}

function fill(r: Reading, node: unknown, entry: LegalEntry | null, key: string | null = null): Filled {
  if (typeof node === 'string') {
    if (node.startsWith(RAW)) {
      const name = node.slice(RAW.length);
      if (name === 'move') return oneMove(r);
      return valueOf(r, entry, name)?.value ?? UNBOUND;
    }
    const m = /^<(\w+)>$/.exec(node);
    if (!m) return node;
    if (m[1] === 'text') return r.rng.pick(SAYINGS);
    const v = valueOf(r, entry, m[1]!);
    return v === undefined ? UNBOUND : String(v.value);
  }
  if (Array.isArray(node)) {
    if (node.at(-1) !== MORE) return node.map((x) => fill(r, x, entry)).filter((x) => x !== UNBOUND);
    const item = node[0];
    const ofValues = isValuePlaceholder(item);
    const n = ofValues ? lengthOf(r, entry, key, 1, 2) : lengthOf(r, entry, key, 0, r.listMax);
    const out: unknown[] = [];
    for (let i = 0; i < n * 3 && out.length < n; i++) {
      const value = fill(r, item, entry);
      if (value === UNBOUND) break;
      if (!ofValues || !out.includes(value)) out.push(value);
    }
    return ofValues && out.length === 0 ? UNBOUND : out;
  }
  if (node && typeof node === 'object') {
    // The keys come from the prompt's text: a record without a prototype.
    const out = nullRecord<unknown>();
    for (const [k, v] of Object.entries(node)) {
      const value = fill(r, v, entry, k);
      if (value === UNBOUND) continue;
      out[k] = value;
      if (isValuePlaceholder(v)) r.filled.push({ holder: out, key: k, numeric: typeof value === 'number', min: typeof value === 'number' ? value : 0 });
    }
    return out;
  }
  return node;
}

/** Extras (`+ally` ...) a one-move answer may carry: each one now and then. */
function withExtras(r: Reading, answer: unknown): unknown {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return answer;
  let out = answer as Record<string, unknown>;
  for (const entry of r.legal.filter((e) => e.name.startsWith('+'))) {
    const template = r.moves.get(entry.name);
    if (template === undefined || !r.rng.chance(0.25)) continue;
    const extra = fill(r, template, entry);
    if (extra && extra !== UNBOUND && typeof extra === 'object') out = { ...out, ...(extra as Record<string, unknown>) };
  }
  return out;
}

/**
 * An answer to a House decision prompt as a model would give one, read from
 * the prompt's text alone: its move signatures and "Legal now" entries
 * (`engine/moveSignatures.ts`). Mostly a legal move drawn at random (lists
 * of moves get a few; free text a short sentence); with the fault rates, the
 * same JSON wrapped in prose, cut off, or spoiled with a value the rules
 * refuse. The draw is seeded by the prompt, so a prompt always gets the same
 * answer.
 */
export function modelAnswer(prompt: string, options: ModelAnswerOptions = {}): { text: string; kind: ModelAnswerKind } {
  const signatures = readSignatures(prompt);
  const legal = readLegal(prompt);
  if (!signatures || !legal) return { text: '{}', kind: 'unreadable' };
  const rng = Rng.derive(options.salt ?? 17, prompt);
  const moves = new Map<string, unknown>();
  for (const [name, template] of signatures.moves) moves.set(name, parseTemplate(template));
  const r: Reading = { moves, legal, rng, listMax: options.listMax ?? 2, filled: [], avoid: new Set(options.avoid ?? []) };
  const shape = parseTemplate(signatures.answer.replace(/ \(.*\)$/, ''));
  // A conversation holds every earlier turn: only its last one says whether this is a repair round.
  const repair = lastTurn(prompt).includes('Your previous answer was refused');
  const faults = repair && !options.faultyRepairs ? { prose: options.faults?.prose } : (options.faults ?? {});
  const draw = rng.float();
  const malformed = faults.malformed ?? 0;
  const illegal = faults.illegal ?? 0;
  const spoiling = draw >= malformed && draw < malformed + illegal;
  let made = fill(r, shape, null);
  // A spoiled answer needs a chosen value to spoil: draw again while the answer has none (a list of no moves).
  for (let tries = 0; spoiling && r.filled.length === 0 && tries < 5; tries++) made = fill(r, shape, null);
  const answer = made === UNBOUND ? {} : made;
  if (spoiling) return { text: JSON.stringify(spoiled(r, answer)), kind: 'illegal' };
  const json = JSON.stringify(withExtras(r, answer));
  // Cut before the first closing brace: no object in it is whole, so no parser can read a decision out of it.
  if (draw < malformed) return { text: json.slice(0, Math.max(1, Math.min(Math.floor(json.length / 2), json.indexOf('}')))), kind: 'malformed' };
  if (draw < malformed + illegal + (faults.prose ?? 0)) return { text: `Let me think about the table first. My move: ${json}\nThat should do it.`, kind: 'prose' };
  return { text: json, kind: 'legal' };
}

/** The text after the request marker before the last one: the whole prompt when it asks once, a conversation's last turn otherwise. */
function lastTurn(prompt: string): string {
  const close = '[[/HOUSE_REQUEST]]';
  const end = prompt.lastIndexOf(close);
  const before = end < 0 ? -1 : prompt.lastIndexOf(close, end - 1);
  return before < 0 ? prompt : prompt.slice(before + close.length);
}

/**
 * The answer with one thing the rules refuse: a chosen name replaced by one no
 * one has, else a chosen number by one below its range, else a list by text,
 * else a move no game has.
 */
function spoiled(r: Reading, answer: unknown): unknown {
  const names = r.filled.filter((f) => !f.numeric);
  const pick = names.length ? r.rng.pick(names) : r.filled.length ? r.rng.pick(r.filled) : null;
  if (pick) {
    (pick.holder as Record<string | number, unknown>)[pick.key] = pick.numeric ? Math.floor(pick.min) - 1000 : 'nobody-here';
    return answer;
  }
  const list = answer && typeof answer === 'object' && !Array.isArray(answer) ? Object.keys(answer).find((k) => Array.isArray((answer as Record<string, unknown>)[k])) : undefined;
  return list === undefined ? { juggle: 'everyone' } : { ...(answer as Record<string, unknown>), [list]: 'everything' };
}
