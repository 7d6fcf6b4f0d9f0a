/**
 * Guards for strings that come from outside (chat, CLI flags, files, display
 * names, route parameters) before they name anything: a plain object indexed
 * by `__proto__` reads or replaces its prototype, `constructor` finds
 * Object's own function, and an id nobody can read or type back is no id.
 */

/** Keys that reach Object's prototype instead of an own field. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Longest id or name, in characters (code points). */
export const MAX_ID_LENGTH = 64;

/**
 * Characters an id may not hold: controls (C0, C1, DEL), lone surrogates,
 * private use, line and paragraph separators, invisible spaces, and the
 * bidi marks, overrides and isolates that make a name read differently from
 * what it is.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cs}\p{Co}\p{Zl}\p{Zp}\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;

export function isReservedKey(key: string): boolean {
  return RESERVED_KEYS.has(key);
}

/** Why `id` cannot name a player, game, strategy or key (`what` says which), or null when it can. */
export function idProblem(id: string, what: string): string | null {
  if (typeof id !== 'string' || id.trim() === '') return `${what} must not be empty`;
  if (RESERVED_KEYS.has(id)) return `${what} '${id}' is a reserved word (__proto__, constructor and prototype cannot name anything)`;
  if (UNPRINTABLE.test(id)) return `${what} ${JSON.stringify(id)} holds characters that cannot be printed`;
  let length = 0;
  for (const _ of id) if (++length > MAX_ID_LENGTH) return `${what} is longer than ${MAX_ID_LENGTH} characters`;
  return null;
}

/** `table[key]` when `key` is the table's own field, else undefined: never the prototype's. */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * The prototype of every `nullRecord`: an empty, frozen object with no
 * prototype of its own. A record made from a constructor with this prototype
 * inherits nothing, as `Object.create(null)` would, but the engine keeps its
 * shape from call to call: Trust makes several records a round, and
 * `Object.create(null)` was a fifth of an experiment's time.
 */
const NOTHING_INHERITED: object = Object.freeze(Object.create(null));
const NullRecord = function NullRecord(this: object) {} as unknown as new () => Record<string, never>;
NullRecord.prototype = NOTHING_INHERITED as never;

/** A plain record that inherits nothing: writing any outside key to it sets a field, never a prototype. */
export function nullRecord<T>(entries?: Iterable<readonly [string, T]>): Record<string, T> {
  const out = new NullRecord() as Record<string, T>;
  if (entries) for (const [key, value] of entries) out[key] = value;
  return out;
}

/**
 * A record whose entries `make` gives on first read (each key asked once):
 * brains or strategies made as a match meets its players (Trust's spawned
 * units too). Every entry `make` gives is an own property, so `ownValue` and
 * `Object.hasOwn` find it, and a key such as `valueOf` is `make`'s to answer,
 * never Object.prototype's.
 */
export function lazyRecord<T>(make: (key: string) => T | undefined): Record<string, T> {
  const made = new Map<string, T | undefined>();
  const entry = (key: string | symbol): T | undefined => {
    if (typeof key !== 'string') return undefined;
    if (!made.has(key)) made.set(key, make(key));
    return made.get(key);
  };
  return new Proxy(Object.create(null) as Record<string, T>, {
    get: (_target, key) => entry(key),
    has: (_target, key) => entry(key) !== undefined,
    getOwnPropertyDescriptor: (_target, key) => {
      const value = entry(key);
      return value === undefined ? undefined : { value, writable: false, enumerable: true, configurable: true };
    },
  });
}

/**
 * The first reserved key anywhere in parsed JSON, as a path (`rounds.0.decisions.__proto__`),
 * or the depth at which it nests too deep; null when neither. Walks without
 * recursion, so no depth of nesting overflows the stack.
 */
export function jsonKeyProblem(value: unknown, maxDepth = 64): string | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (stack.length) {
    const { value: at, path, depth } = stack.pop()!;
    if (at === null || typeof at !== 'object') continue;
    if (depth >= maxDepth) return `nests deeper than ${maxDepth} levels at ${path || 'the top'}`;
    const isArray = Array.isArray(at);
    for (const key of Object.keys(at)) {
      const where = path ? `${path}.${key}` : key;
      if (!isArray && RESERVED_KEYS.has(key)) return `has the reserved key '${key}' at ${where}`;
      stack.push({ value: (at as Record<string, unknown>)[key], path: where, depth: depth + 1 });
    }
  }
  return null;
}
