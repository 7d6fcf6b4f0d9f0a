/**
 * A JSON value whose repeated objects are written once (issue 39). A game's
 * state shares parts between its fields: Trust's units remember each round
 * as one object that every unit's memory holds, so plain JSON writes it once
 * a unit, and an 8-player match's state at round 60 is 211 kB of which 99%
 * is those copies. Here an object or array met more than once (the same
 * object, not an equal one) goes into `table` once, after the ones it holds,
 * and stands as `{"#": index}` wherever it appears; `root` is the value with
 * the same stand-ins. Reading it back gives the same sharing, so the next
 * save finds it again.
 */
export interface SharedValue {
  table: unknown[];
  root: unknown;
}

/** The one key of a stand-in. */
const REF = '#';

const isNode = (value: unknown): value is object => typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON !== 'function';

/**
 * `value` with its repeated objects written once; null when nothing repeats,
 * or when it cannot be (an object of its own with the key `#`, a cycle): the
 * caller keeps the value as it is.
 */
export function shareRepeats(value: unknown): SharedValue | null {
  const seen = new Map<object, number>();
  let repeated = false;
  const count = (node: unknown): boolean => {
    if (!isNode(node)) return true;
    const n = seen.get(node);
    if (n !== undefined) {
      seen.set(node, n + 1);
      repeated = true;
      return true;
    }
    seen.set(node, 1);
    if (Array.isArray(node)) return node.every(count);
    if (Object.hasOwn(node, REF)) return false;
    for (const key in node) if (Object.hasOwn(node, key) && !count((node as Record<string, unknown>)[key])) return false;
    return true;
  };
  if (!count(value) || !repeated) return null;

  const table: unknown[] = [];
  const index = new Map<object, number>();
  const onPath = new Set<object>();
  let cyclic = false;
  const write = (node: unknown): unknown => {
    if (!isNode(node)) return node;
    const at = index.get(node);
    if (at !== undefined) return { [REF]: at };
    if (onPath.has(node)) {
      cyclic = true;
      return null;
    }
    onPath.add(node);
    let out: unknown;
    if (Array.isArray(node)) out = node.map(write);
    else {
      const copy: Record<string, unknown> = {};
      for (const key in node) if (Object.hasOwn(node, key)) Object.defineProperty(copy, key, { value: write((node as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
      out = copy;
    }
    onPath.delete(node);
    if (seen.get(node)! < 2) return out;
    index.set(node, table.length);
    table.push(out);
    return { [REF]: table.length - 1 };
  };
  const root = write(value);
  return cyclic ? null : { table, root };
}

const refOf = (node: unknown): number | null => {
  if (!isNode(node) || Array.isArray(node)) return null;
  const keys = Object.keys(node);
  const at = (node as Record<string, unknown>)[REF];
  return keys.length === 1 && keys[0] === REF && typeof at === 'number' ? at : null;
};

/**
 * The value `shareRepeats` wrote, read back (as JSON.parse gave it): each
 * stand-in becomes the one object it names. Null when `shared` is not such a
 * value (a stand-in names an entry that is not before it): the row is damaged.
 */
export function restoreRepeats(shared: unknown): { value: unknown } | null {
  if (!isNode(shared) || !Array.isArray((shared as SharedValue).table) || !Object.hasOwn(shared, 'root')) return null;
  const { table, root } = shared as SharedValue;
  const done: unknown[] = [];
  let broken = false;
  const read = (node: unknown, limit: number): unknown => {
    if (!isNode(node)) return node;
    const at = refOf(node);
    if (at !== null) {
      if (!Number.isInteger(at) || at < 0 || at >= limit) {
        broken = true;
        return null;
      }
      return done[at];
    }
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) node[i] = read(node[i], limit);
    } else {
      for (const key of Object.keys(node)) (node as Record<string, unknown>)[key] = read((node as Record<string, unknown>)[key], limit);
    }
    return node;
  };
  for (let i = 0; i < table.length; i++) done.push(read(table[i], i));
  const value = read(root, table.length);
  return broken ? null : { value };
}
