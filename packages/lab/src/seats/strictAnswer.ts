import { z } from 'zod';
import type { LegalMoveData } from '@the-house/games/engine/legalMoveData.ts';
import type { AnyGame, Checked, PlayerId } from '@the-house/games/engine/types.ts';
import type { MatchRecord } from '../models/matchRecorder.ts';

/** What a strict reading finds that the game's own reading lets pass: keys its schema lacks (by where they are), and fields it requires that have only a default. */
interface Found {
  unknown: Map<string, { keys: string[]; known: string[] }>;
  missing: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const path = (at: string, key: string): string => (at ? `${at}.${key}` : key);
/** An outside key as a refusal shows it: quoted, on one line, cut to a name's length. */
const shown = (key: string): string => JSON.stringify(key.length > 64 ? `${key.slice(0, 64)}...` : key);

/** A schema that stands for another when the value is there: optional, nullable, defaulted, read-only. */
function inner(schema: z.ZodType): z.ZodType | null {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault || schema instanceof z.ZodReadonly) return schema.def.innerType as z.ZodType;
  return null;
}

function walkObject(schema: z.ZodObject, value: unknown, at: string, found: Found): void {
  if (!isObject(value)) return;
  const shape = schema.shape as Record<string, z.ZodType>;
  // An object with a catchall (passthrough) takes any key; zod's default strips the others, which is what is refused here.
  if (schema.def.catchall === undefined) {
    const keys = Object.keys(value).filter((key) => !Object.hasOwn(shape, key));
    if (keys.length) found.unknown.set(at, { keys, known: Object.keys(shape) });
  }
  for (const [key, field] of Object.entries(shape)) {
    const v = Object.hasOwn(value, key) ? value[key] : undefined;
    if (v === undefined) {
      if (field instanceof z.ZodDefault) found.missing.push(path(at, key));
    } else walk(field, v, path(at, key), found);
  }
}

function walk(schema: z.ZodType, value: unknown, at: string, found: Found): void {
  if (schema instanceof z.ZodPipe) {
    // A preprocess (a game's aliases, Gold mining's category form) reads the value first; the schema after it reads what that gave.
    if (!(schema.in instanceof z.ZodTransform)) return walk(schema.in as z.ZodType, value, at, found);
    const read = schema.in.safeParse(value);
    if (read.success) walk(schema.out as z.ZodType, read.data, at, found);
    return;
  }
  const wrapped = inner(schema);
  if (wrapped) {
    if (value !== undefined && value !== null) walk(wrapped, value, at, found);
  } else if (schema instanceof z.ZodObject) walkObject(schema, value, at, found);
  else if (schema instanceof z.ZodArray) {
    if (Array.isArray(value)) value.forEach((item, i) => walk(schema.element as z.ZodType, item, `${at}[${i}]`, found));
  } else if (schema instanceof z.ZodRecord) {
    if (isObject(value)) for (const [key, v] of Object.entries(value)) walk(schema.valueType as z.ZodType, v, path(at, key), found);
  } else if (schema instanceof z.ZodUnion) {
    const option = (schema.options as z.ZodType[]).find((o) => o.safeParse(value).success);
    if (option) walk(option, value, at, found);
  }
}

/**
 * What the decision's JSON Schema (sent with every turn) refuses that the
 * game's own reading lets pass, or null: a key it does not have, anywhere in
 * the answer (zod drops those silently), and a field it lists as required
 * that the game would fill with a default (Café's `response`). A game's
 * aliases (Influence's `whisper`, Gold mining's category form) are read as
 * the game reads them first.
 */
export function strictProblem(schema: z.ZodType, decision: unknown): string | null {
  const found: Found = { unknown: new Map(), missing: [] };
  walk(schema, decision, '', found);
  const parts: string[] = [];
  for (const [at, { keys, known }] of found.unknown) {
    const listed = keys.slice(0, 5).map(shown).join(', ') + (keys.length > 5 ? ` and ${keys.length - 5} more` : '');
    parts.push(`unknown key${keys.length > 1 ? 's' : ''} ${listed}${at ? ` in ${at}` : ''} (${at ? 'it takes' : 'a decision takes'} ${known.join(', ') || 'no keys'})`);
  }
  for (const missing of found.missing) parts.push(`"${missing}" is missing`);
  return parts.length ? parts.join('; ') : null;
}

/** The decision's keys a player may use now, as its legal moves' data names them; null when the data names none (no decision is asked). */
function keysNow(data: LegalMoveData): Set<string> | null {
  const keys = new Set([...Object.keys(data.fields), ...(data.list ? [data.list.field] : [])]);
  if (!data.list) for (const move of data.moves) for (const key of [...Object.keys(move.is), ...Object.keys(move.fields)]) keys.add(key);
  return keys.size ? keys : null;
}

const defaultsMade = new WeakMap<AnyGame, object | null>();

/** What a game's decision schema makes of an empty answer (the keys it fills by default), once per game; null when it refuses one. */
function defaultsOf(game: AnyGame): object | null {
  if (!defaultsMade.has(game)) {
    const read = game.decisionSchema.safeParse({});
    defaultsMade.set(game, read.success && typeof read.data === 'object' && read.data !== null ? read.data : null);
  }
  return defaultsMade.get(game)!;
}

/**
 * The keys of a decision the game reads in another phase than this one
 * (Influence's `empower` sent while it whispers), or null: the schema sent
 * has every phase's fields, so this is the strict check's second half,
 * from the moves' data. Read after the game's aliases; a key the game
 * fills by default, absent from the answer, is not the answer's.
 */
export function notReadNow(game: AnyGame, state: unknown, player: PlayerId, decision: unknown): string | null {
  const data = game.legalMoveData?.(state, player);
  const allowed = data ? keysNow(data) : null;
  const read = game.decisionSchema.safeParse(decision);
  if (!allowed || !read.success || typeof read.data !== 'object' || read.data === null) return null;
  const given = typeof decision === 'object' && decision !== null ? decision : {};
  const defaults = defaultsOf(game);
  const defaulted = (key: string) => !Object.hasOwn(given, key) && (defaults === null || Object.hasOwn(defaults, key));
  const extra = Object.entries(read.data as Record<string, unknown>).filter(([key, value]) => value !== undefined && !allowed.has(key) && !defaulted(key)).map(([key]) => key);
  if (extra.length === 0) return null;
  const listed = extra.map(shown).join(', ');
  return `${listed} ${extra.length > 1 ? 'are' : 'is'} not read now (a decision now takes ${[...allowed].join(', ')})`;
}

/** Whether a match's answers are held to their schema strictly: every match recorded since issue 36; an older record is replayed (and resumed) as it was played. */
export const answersStrict = (record: Pick<MatchRecord, 'strictAnswers'>): boolean => record.strictAnswers === true;

/** A checked answer; `bySchema` when only the decision's schema refused it (the game would have played it). */
export type AnswerCheck = Checked<unknown> & { bySchema?: true };

/**
 * An answer as the House checks it: the game's own `validate` (its words
 * when it refuses), then, for a strict match, the decision's schema as sent
 * (`strictProblem`), whose refusal names the moves allowed now.
 */
export function checkAnswer(game: AnyGame, state: unknown, player: PlayerId, decision: unknown, strict: boolean): AnswerCheck {
  const checked = game.validate(state, player, decision);
  if (!checked.ok || !strict) return checked;
  const problem = strictProblem(game.decisionSchema, decision) ?? notReadNow(game, state, player, decision);
  return problem === null ? checked : { ok: false, error: `${problem}. Allowed now: ${game.legalMoves(state, player).join('; ')}`, bySchema: true };
}
