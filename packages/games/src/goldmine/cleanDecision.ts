import { formatZodError } from '../engine/errors.ts';
import { TALK_MAX } from './goldmineConfig.ts';
import { categoryActions, goldmineActionSchema, type ActionType, type GoldmineAction } from './goldmineDecision.ts';
import type { Spend } from './goldmineTypes.ts';

export interface DroppedAction {
  /** Position in the submitted list. */
  index: number;
  /** `malformed`: not an action on the map; `illegal`: against the round-start map; `repeat`: a later (category, plot); `budget`: pruned from the tail. */
  kind: 'malformed' | 'illegal' | 'repeat' | 'budget';
  reason: string;
}

/** Step 0's result for one player: the actions that will be resolved, what was dropped and why. */
export interface CleanedDecision {
  actions: GoldmineAction[];
  spent: Spend;
  dropped: DroppedAction[];
  /** Set when the decision as a whole was unusable and the empty list was played instead. */
  fallback: string | null;
  /** The public line to post (`talk` on), trimmed and at most TALK_MAX characters; null for none. */
  talk: string | null;
  /** Why the line was cut or not posted, in plain words. */
  talkProblem: string | null;
}

const TYPE_INDEX: Record<string, number> = { claim: 0, raid: 1, defend: 2, mine: 3 };

// Duplicate detection without allocating per call: a (category, plot) cell is
// "seen" when it holds the current stamp. Deterministic, so the function stays pure.
let seen = new Int32Array(0);
let stamp = 0;

function nextStamp(cells: number): number {
  if (seen.length < cells || stamp >= 0x7fffffff) {
    seen = new Int32Array(Math.max(cells, seen.length));
    stamp = 0;
  }
  return ++stamp;
}

/** The actions list inside a raw decision (a list, `{"actions": [...]}`, or the ODD's category form), or why there is none. */
export function actionList(raw: unknown): { list: unknown[]; talk?: unknown } | { error: string } {
  let value = raw;
  if (raw === undefined || raw === null) return { error: 'no decision was received' };
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch (error) {
      return { error: `decision is not valid JSON (${error instanceof Error ? error.message : String(error)})` };
    }
  }
  if (Array.isArray(value)) return { list: value };
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const { talk } = obj;
    if (Array.isArray(obj.actions)) return { list: obj.actions, talk };
    const byCategory = obj.actions === undefined ? categoryActions(obj) : null;
    if (byCategory) return 'error' in byCategory ? byCategory : { list: byCategory.list, talk };
    // A decision that only talks plays no actions; `{}` is an empty plan (the schema's `actions` defaults to []), not a malformed one.
    if (obj.actions === undefined && typeof talk === 'string') return { list: [], talk };
    if (Object.keys(obj).length === 0) return { list: [] };
  }
  return { error: 'decision must be {"actions": [...]} with an ordered list of claim, raid, defend and mine actions (or {"defend": [...], "mine": [...], "claim": [...], "raid": [...]})' };
}

/** One submitted action in canonical form, or why it is malformed (zod gives the message); `mine k` takes k in 0..cap (RULES G-a). */
export function parseAction(a: unknown, plots: number, cap: number): GoldmineAction | string {
  if (a !== null && typeof a === 'object') {
    const { type, plot, k } = a as { type?: unknown; plot?: unknown; k?: unknown };
    if (typeof plot === 'number' && Number.isInteger(plot) && plot >= 0) {
      if (plot >= plots) return `plot ${plot} is off the map (plots are 0..${plots - 1})`;
      if (type === 'claim' || type === 'raid' || type === 'defend') return { type, plot };
      if (type === 'mine' && typeof k === 'number' && Number.isInteger(k)) return k >= 0 && k <= cap ? { type, plot, k } : `k must be 0..${cap} (the mining cap)`;
    }
  }
  const parsed = goldmineActionSchema.safeParse(a);
  if (!parsed.success) {
    const type = a !== null && typeof a === 'object' ? (a as { type?: unknown }).type : undefined;
    if (typeof type !== 'string' || !(type in TYPE_INDEX)) return `unknown action type ${JSON.stringify(type ?? null)} (allowed: claim, raid, defend, mine)`;
    return formatZodError(parsed.error);
  }
  const action = parsed.data;
  if (action.plot >= plots) return `plot ${action.plot} is off the map (plots are 0..${plots - 1})`;
  return action.type === 'mine' && action.k > cap ? `k must be 0..${cap} (the mining cap)` : action;
}

function illegality(action: GoldmineAction, holder: number, me: number): string | null {
  switch (action.type) {
    case 'claim':
      return holder === -1 ? null : holder === me ? `you already own plot ${action.plot}` : `plot ${action.plot} is already owned`;
    case 'raid':
      return holder === -1 ? `plot ${action.plot} is unowned (claim it instead)` : holder === me ? `you own plot ${action.plot}` : null;
    default:
      return holder === me ? null : `you do not own plot ${action.plot}`;
  }
}

export function actionCost(action: GoldmineAction): number {
  return action.type === 'mine' ? action.k : 1;
}

/**
 * Step 0 of the ODD for one player (RULES 2): legality against the ownership at
 * the round's start (claim only unowned plots, raid only plots others own,
 * defend and mine only your own, plots on the map, mine k in 0..cap); a repeated
 * (category, plot) keeps its first occurrence; then whole actions are dropped
 * from the tail until the cost is within the stamina budget. A decision that is
 * not a list at all plays the empty list.
 */
export function cleanDecision(raw: unknown, owner: readonly number[], me: number, stamina: number, cap: number, talkOn = false): CleanedDecision {
  const spent: Spend = { claim: 0, raid: 0, defend: 0, mine: 0 };
  const found = actionList(raw);
  if ('error' in found) return { actions: [], spent, dropped: [], fallback: found.error, talk: null, talkProblem: null };
  const { talk, talkProblem } = readTalk(found.talk, talkOn);
  const plots = owner.length;
  const mark = nextStamp(plots * 4);
  const actions: GoldmineAction[] = [];
  const positions: number[] = [];
  const dropped: DroppedAction[] = [];
  let cost = 0;
  for (let index = 0; index < found.list.length; index++) {
    const action = parseAction(found.list[index], plots, cap);
    if (typeof action === 'string') {
      dropped.push({ index, kind: 'malformed', reason: action });
      continue;
    }
    const why = illegality(action, owner[action.plot]!, me);
    if (why) {
      dropped.push({ index, kind: 'illegal', reason: why });
      continue;
    }
    const cell = TYPE_INDEX[action.type]! * plots + action.plot;
    if (seen[cell] === mark) {
      dropped.push({ index, kind: 'repeat', reason: `repeats an earlier ${action.type} on plot ${action.plot}` });
      continue;
    }
    seen[cell] = mark;
    actions.push(action);
    positions.push(index);
    cost += actionCost(action);
  }
  if (cost > stamina) {
    while (cost > stamina) {
      cost -= actionCost(actions.pop()!);
      dropped.push({ index: positions.pop()!, kind: 'budget', reason: `over the stamina budget of ${stamina}` });
    }
    dropped.sort((a, b) => a.index - b.index);
  }
  for (const action of actions) spent[action.type as ActionType] += actionCost(action);
  return { actions, spent, dropped, fallback: null, talk, talkProblem };
}

const NO_TALK = Object.freeze({ talk: null, talkProblem: null });

/** The public line of the `talk` treatment (RULES G-e): trimmed, cut at TALK_MAX characters; refused with a reason when talk is off or the line is not text. */
function readTalk(raw: unknown, on: boolean): { talk: string | null; talkProblem: string | null } {
  if (raw === undefined || raw === null) return NO_TALK;
  if (!on) return { talk: null, talkProblem: 'talk is off in this match, so your line was not posted' };
  if (typeof raw !== 'string') return { talk: null, talkProblem: '"talk" must be text, so nothing was posted' };
  const text = raw.trim();
  if (!text) return { talk: null, talkProblem: null };
  if ([...text].length <= TALK_MAX) return { talk: text, talkProblem: null };
  return { talk: [...text].slice(0, TALK_MAX).join(''), talkProblem: `your line had ${[...text].length} characters; only the first ${TALK_MAX} were posted` };
}
