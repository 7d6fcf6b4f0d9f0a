import type { Checked, PlayerId } from '../engine/types.ts';
import { actionList, parseAction } from './cleanDecision.ts';
import type { GoldmineAction, GoldmineDecision } from './goldmineDecision.ts';
import { TALK_MAX } from './goldmineConfig.ts';
import type { GoldmineState } from './goldmineTypes.ts';

/** Malformed actions named one by one in the error; past that they are counted, so a flood gives a short repair prompt. */
const SPELLED = 5;

/**
 * Shape check for a model's answer: a JSON list of well-formed actions on the
 * map (or the ODD's category form, RULES G-c), and a talk line within
 * TALK_MAX characters when talk is on. Any malformed action fails the whole answer with one message per
 * action (the first five; the rest are counted), so the model can repair it.
 * Legality against ownership, repeats and the budget are not errors here:
 * they are the ODD's Step 0 cleaning, which `apply` performs and reports
 * privately (and `apply` also drops malformed actions one by one when given
 * the raw answer), so a list far over budget is valid and gets pruned.
 */
export function validateGoldmineDecision(state: GoldmineState, player: PlayerId, raw: unknown): Checked<GoldmineDecision> {
  if (!state.players.includes(player)) return { ok: false, error: `'${player}' is not a player in this match` };
  const found = actionList(raw);
  if ('error' in found) return { ok: false, error: found.error };
  const plots = state.owner.length;
  const actions: GoldmineAction[] = [];
  const errors: string[] = [];
  let malformed = 0;
  found.list.forEach((item, index) => {
    const action = parseAction(item, plots, state.config.cap);
    if (typeof action !== 'string') actions.push(action);
    else if (++malformed <= SPELLED) errors.push(`actions[${index}]: ${action}`);
  });
  if (malformed > SPELLED) errors.push(`and ${malformed - SPELLED} more malformed actions`);
  const { talk } = found;
  if (talk !== undefined && talk !== null && state.config.talk) {
    if (typeof talk !== 'string') errors.push('"talk" must be text');
    else if ([...talk.trim()].length > TALK_MAX) errors.push(`"talk" is at most ${TALK_MAX} characters`);
  }
  if (errors.length) return { ok: false, error: errors.join('; ') };
  return { ok: true, decision: typeof talk === 'string' && state.config.talk ? { actions, talk } : { actions } };
}
