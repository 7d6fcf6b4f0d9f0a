import type { RoundDigest } from '../engine/types.ts';
import type { TrustView } from './trustTypes.ts';
import { ownValue } from '../engine/safeKey.ts';

/**
 * The round just played as this player remembers it: what it did, what was
 * done to it (a missed high five of its own stays a high five in its memory),
 * and its sats; the counts are the ones a block of rounds sums up.
 */
export function trustDigest(view: TrustView): RoundDigest | null {
  const seen = view.history.at(-1);
  if (!seen) return null;
  const me = view.you;
  const mine = ownValue(seen.acts, me);
  const tally: Record<string, number> = { 'high fives at you': 0, 'attacks on you': 0, 'your high fives': 0, 'your attacks': 0, 'your blocks': 0, 'your begs': 0 };
  const atMe: string[] = [];
  for (const [id, act] of Object.entries(seen.acts)) {
    if (id === me || act.target !== me) continue;
    if (act.action === 'HIGH_FIVE') tally['high fives at you']! += 1;
    if (act.action === 'ATTACK') tally['attacks on you']! += 1;
    atMe.push(`${id} ${act.action}`);
  }
  if (mine?.action === 'HIGH_FIVE') tally['your high fives']! += 1;
  if (mine?.action === 'ATTACK') tally['your attacks']! += 1;
  if (mine?.action === 'BLOCK') tally['your blocks']! += 1;
  if (mine?.action === 'BEG') tally['your begs']! += 1;
  const did = mine ? `${mine.action}${mine.target ? ` at ${mine.target}` : ''}${mine.missed ? ' (missed)' : ''}` : 'nothing';
  const shock = seen.shock ? ` A shock moved everyone ${seen.shock.delta > 0 ? '+' : ''}${seen.shock.delta}${seen.shock.synergy.includes(me) ? ' (you got the synergy bonus)' : ''}.` : '';
  return { round: seen.round, line: `Round ${seen.round}: you ${did}; ${atMe.length ? `at you: ${atMe.join(', ')}` : 'nothing aimed at you'}; your sats ${ownValue(seen.sats, me) ?? view.sats}.${shock}`, tally };
}
