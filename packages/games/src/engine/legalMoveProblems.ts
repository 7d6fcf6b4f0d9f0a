import type { FieldSchema, LegalMoveData, MoveTemplate } from './legalMoveData.ts';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const at = (path: string, key: string | number): string => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

function typeProblem(s: FieldSchema, v: unknown, path: string): string | null {
  const ok =
    s.type === undefined ||
    (s.type === 'string' && typeof v === 'string') ||
    (s.type === 'number' && typeof v === 'number' && Number.isFinite(v)) ||
    (s.type === 'integer' && Number.isInteger(v)) ||
    (s.type === 'array' && Array.isArray(v)) ||
    (s.type === 'object' && isObject(v));
  return ok ? null : `${path} is not ${s.type === 'integer' || s.type === 'array' || s.type === 'object' ? 'an' : 'a'} ${s.type}`;
}

function boundProblems(s: FieldSchema, v: unknown, path: string): string[] {
  const out: string[] = [];
  if (typeof v === 'number') {
    if (s.minimum !== undefined && v < s.minimum) out.push(`${path} is below ${s.minimum}`);
    if (s.exclusiveMinimum !== undefined && v <= s.exclusiveMinimum) out.push(`${path} is not above ${s.exclusiveMinimum}`);
    if (s.maximum !== undefined && v > s.maximum) out.push(`${path} is above ${s.maximum}`);
  }
  if (typeof v === 'string') {
    const length = [...v].length;
    if (s.minLength !== undefined && length < s.minLength) out.push(`${path} is shorter than ${s.minLength}`);
    if (s.maxLength !== undefined && length > s.maxLength) out.push(`${path} is longer than ${s.maxLength}`);
  }
  return out;
}

function keyProblems(value: Json, fields: Record<string, FieldSchema>, required: readonly string[], path: string): string[] {
  const out: string[] = [];
  for (const key of Object.keys(value)) if (!Object.hasOwn(fields, key)) out.push(`${at(path, key)} is not a field here`);
  for (const key of required) if (value[key] === undefined) out.push(`${at(path, key)} is missing`);
  for (const [key, schema] of Object.entries(fields)) if (value[key] !== undefined) out.push(...fieldProblems(schema, value[key], at(path, key)));
  return out;
}

/** Why `v` is not a value `s` allows, in the words of its path (none when it is). */
export function fieldProblems(s: FieldSchema, v: unknown, path: string): string[] {
  const type = typeProblem(s, v, path);
  if (type) return [type];
  if (s.const !== undefined && v !== s.const) return [`${path} is not ${JSON.stringify(s.const)}`];
  if (s.enum !== undefined && !s.enum.includes(v as string | number)) return [`${path} is not one of ${s.enum.join(', ')}`];
  const out = boundProblems(s, v, path);
  if (Array.isArray(v)) {
    if (s.minItems !== undefined && v.length < s.minItems) out.push(`${path} has fewer than ${s.minItems} items`);
    if (s.maxItems !== undefined && v.length > s.maxItems) out.push(`${path} has more than ${s.maxItems} items`);
    if (s.uniqueItems && new Set(v.map((x) => JSON.stringify(x))).size < v.length) out.push(`${path} repeats an item`);
    if (s.items) v.forEach((item, i) => out.push(...fieldProblems(s.items!, item, at(path, i))));
  }
  if (isObject(v) && s.properties) out.push(...keyProblems(v, s.properties, s.required ?? [], path));
  return out;
}

const names = (m: MoveTemplate, value: Json): boolean => Object.entries(m.is).every(([k, want]) => value[k] === want);

/** Why `value` is none of `moves` (with `extra` fields beside each move's own): the problems of the move it comes closest to. */
function moveProblems(moves: readonly MoveTemplate[], value: unknown, extra: Record<string, FieldSchema>, extraRequired: readonly string[], path: string): string[] {
  if (!isObject(value)) return [`${path || 'the decision'} is not an object`];
  const named = moves.filter((m) => names(m, value));
  if (named.length === 0) return [`${path || 'the decision'} is no move legal now (legal: ${moves.map((m) => m.move).join(', ') || 'none'})`];
  let best: string[] | null = null;
  for (const m of named) {
    const fields = { ...Object.fromEntries(Object.keys(m.is).map((k) => [k, { const: m.is[k]! }])), ...m.fields, ...extra };
    const problems = keyProblems(value, fields, [...m.required, ...extraRequired], path);
    if (problems.length === 0) return [];
    if (best === null || problems.length < best.length) best = problems;
  }
  return best!;
}

/**
 * Why a decision is not one that `data` describes (none when it is): a key
 * no field names, a field missing, a value outside what it may take now.
 * What the data promises an agent, checked: every game's test holds its
 * strategies' legal decisions to it.
 */
export function legalMoveProblems(data: LegalMoveData, decision: unknown): string[] {
  if (!data.list) return moveProblems(data.moves, decision, data.fields, data.required, '');
  if (!isObject(decision)) return ['the decision is not an object'];
  const { field, maxItems } = data.list;
  const out = keyProblems(decision, { ...data.fields, [field]: { type: 'array', ...(maxItems === undefined ? {} : { maxItems }) } }, data.required, '');
  const list = decision[field];
  if (Array.isArray(list)) list.forEach((item, i) => out.push(...moveProblems(data.moves, item, {}, [], at(field, i))));
  return out;
}
