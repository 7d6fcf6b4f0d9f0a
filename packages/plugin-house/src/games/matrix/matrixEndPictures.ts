import type { Match } from '@the-house/games/engine/match.ts';
import type { MatrixState } from '@the-house/games/matrix/matrixTypes.ts';
import { racePicture } from '../../pictures/racePicture.ts';
import type { RoomPicture } from '../../pictures/roomPicture.ts';

/** The picture once a matrix game is over: the points race, from every round's public `round` event. */
export function matrixEndPictures(match: Match): RoomPicture[] {
  if (!match.over) return [];
  const state = match.state as MatrixState;
  const rounds: number[] = [];
  const values = new Map<string, Array<number | null>>(state.players.map((p) => [p, []]));
  for (const e of match.log?.entries ?? []) {
    if (e.type !== 'round' || e.to !== undefined || !e.data) continue;
    const scores = e.data.scores as Record<string, unknown> | undefined;
    if (!scores || typeof scores !== 'object') continue;
    rounds.push(e.round);
    for (const [id, line] of values) line.push(Object.hasOwn(scores, id) && typeof scores[id] === 'number' ? (scores[id] as number) : null);
  }
  if (!rounds.length) return [];
  return [racePicture({ seats: state.players, rounds, values, name: 'matrix-points-race.png', title: 'Matrix games: the points race, round by round', unit: 'points', about: 'The points race' })];
}
