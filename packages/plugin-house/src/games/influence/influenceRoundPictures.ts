import type { RoundRecord } from '@the-house/games/engine/match.ts';
import type { Match } from '@the-house/games/engine/match.ts';
import type { InfluenceState } from '@the-house/games/influence/influenceTypes.ts';
import { influenceVotesPicture } from './influenceVotesPicture.ts';
import type { RoomPicture } from '../../pictures/roomPicture.ts';

function counts(value: unknown): Map<string, number> {
  const out = new Map<string, number>();
  if (value && typeof value === 'object') for (const [p, n] of Object.entries(value)) if (typeof n === 'number') out.set(p, n);
  return out;
}

/** Influence's picture for a finished round (REVEAL is its last phase): the round's public vote count. */
export function influenceRoundPictures(record: RoundRecord, match: Match): RoomPicture[] {
  const votes = record.events.find((e) => e.type === 'votes' && e.to === undefined)?.data;
  if (!votes) return [];
  const empower = counts(votes.empowerVotes);
  const expose = counts(votes.exposeVotes);
  const players = (match.state as InfluenceState).players.filter((p) => empower.has(p) || expose.has(p));
  if (!players.length) return [];
  const empowered = typeof votes.empowered === 'string' ? votes.empowered : null;
  return [influenceVotesPicture({ round: record.round, players, empower, expose, empowered })];
}
