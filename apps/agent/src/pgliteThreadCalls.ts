/** What the host's thread asks of its PGLite thread (pgliteThread.ts), each call with an id its reply carries back. */
export type ThreadCall =
  | { id: number; op: 'query'; tx?: number; text: string; params?: unknown[]; rowMode?: 'array' | 'object'; rawTypes?: number[] }
  | { id: number; op: 'exec'; tx?: number; text: string; rowMode?: 'array' | 'object'; rawTypes?: number[] }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; how: 'commit' | 'rollback' }
  | { id: number; op: 'close' };

export interface ErrorShape {
  name: string;
  message: string;
  /** The error's own fields that are plain values: a database error's `code`, `detail`, `constraint`, ... */
  fields: Record<string, string | number | boolean | null>;
}

export type ThreadReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorShape };

/** An error as it can cross to another thread: its name, message and plain fields (a class and its methods do not cross). */
export function errorShape(error: unknown): ErrorShape {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: ErrorShape['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

/** The error again on this side, with the same name, message and fields (`code` is what callers test). */
export function errorFrom(shape: ErrorShape): Error {
  const error = new Error(shape.message);
  for (const [key, value] of Object.entries(shape.fields)) {
    if (key !== 'message' && key !== 'stack') Object.defineProperty(error, key, { value, enumerable: true, writable: true, configurable: true });
  }
  error.name = shape.name;
  return error;
}
