import { nullRecord } from '../engine/safeKey.ts';
import type { Channel, InfluenceState } from './influenceTypes.ts';

/** A record's own copy, its prototype-free form kept (`ownValue` reads it either way). */
function copied<T>(record: Record<string, T>): Record<string, T> {
  return Object.assign(Object.getPrototypeOf(record) === null ? nullRecord<T>() : {}, record);
}

/**
 * A copy of `state` that `reduce` may change in place, the match's own state
 * untouched. Every list and record the rules write to is copied; what is in
 * them is shared, since the rules replace an entry rather than edit it (a
 * channel through `replaceChannel`, a ballot, a post; log entries are never
 * edited). A draft so costs a copy of the top levels, not of every DM and
 * post of the match: a whole copy (`structuredClone`) took 3 to 5 ms a
 * decision in a 12-player game, for each decision checked and each command.
 */
export function draftOf(state: InfluenceState): InfluenceState {
  return {
    ...state,
    players: [...state.players],
    alive: copied(state.alive),
    channels: [...state.channels],
    posts: [...state.posts],
    ballots: copied(state.ballots),
    lastWords: copied(state.lastWords),
    acted: copied(state.acted),
    empowerVotes: copied(state.empowerVotes),
    exposeVotes: copied(state.exposeVotes),
    exposed: [...state.exposed],
    autoFills: copied(state.autoFills),
    idleThisRound: copied(state.idleThisRound),
    dmsSent: copied(state.dmsSent),
    empowerTotals: copied(state.empowerTotals),
    eliminations: [...state.eliminations],
    rounds: [...state.rounds],
    log: [...state.log],
  };
}

/** Puts `next` in the draft's place of `channel` (a draft shares its channels with the state it copies: none is edited). */
export function replaceChannel(s: InfluenceState, channel: Channel, next: Channel): Channel {
  const at = s.channels.indexOf(channel);
  if (at < 0) throw new RangeError(`no channel ${channel.id} in this state`);
  s.channels[at] = next;
  return next;
}
