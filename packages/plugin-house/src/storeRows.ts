import { createHash } from 'node:crypto';
import { jsonKeyProblem } from '@the-house/games/engine/safeKey.ts';

/** A row as stored (in the database, and in a running match's files): JSON text and its SHA-256, so an edited or corrupted row is told from a whole one. */
export interface Row {
  json: string;
  sum?: string;
}

export const sumOf = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A row read back: whole, missing, or there but unusable (and why, in words). */
export type Read<T> = { ok: true; value: T; sum: string; row: Row } | { ok: false; missing: boolean; why: string };

/** A value as a row: its JSON and that JSON's checksum. */
export function rowOf(value: unknown): Row & { sum: string } {
  const json = JSON.stringify(value);
  return { json, sum: sumOf(json) };
}

/**
 * What was read for a row, checked: its checksum (rows written before
 * checksums have none), then its JSON, then its keys (no `__proto__` or
 * `constructor` reaches a reader). Never throws for what a row holds.
 */
export function checkRow<T>(row: unknown): Read<T> {
  if (row === undefined || row === null) return { ok: false, missing: true, why: 'is missing' };
  if (typeof row !== 'object' || typeof (row as Partial<Row>).json !== 'string') return { ok: false, missing: false, why: 'is not a stored match row' };
  const { json, sum: given } = row as Row;
  const sum = sumOf(json);
  if (given !== undefined && given !== sum) return { ok: false, missing: false, why: 'was changed after it was written (its checksum does not match)' };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, missing: false, why: 'is not valid JSON' };
  }
  const problem = jsonKeyProblem(value);
  if (problem) return { ok: false, missing: false, why: `holds ${problem}` };
  return { ok: true, value: value as T, sum, row: given === undefined ? { json } : { json, sum } };
}
