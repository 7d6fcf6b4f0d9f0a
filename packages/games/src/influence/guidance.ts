import type { PlayerId } from '../engine/types.ts';
import type { InfluenceState } from './influenceTypes.ts';
import { basePhase, legalPowerActions, living, twoLeft, whisperTurn, type PowerChoice } from './influenceQueries.ts';
import { ownValue } from '../engine/safeKey.ts';

const ALWAYS = '!status, !audit';

/** What `player` may type now, in one sentence: the guidance appended to every refusal. */
export function allowedNow(s: InfluenceState, player: PlayerId): string {
  if (s.phase === 'INIT') {
    const join = s.players.includes(player) ? '' : '!join, ';
    const start = s.host === player ? `!start (with at least ${s.config.minPlayers} players), ` : '';
    return `In the lobby you may use: ${join}${start}${ALWAYS}.`;
  }
  if (s.phase === 'END') return `The game is over; you may use: ${ALWAYS}.`;
  if (!s.players.includes(player)) return `You are not playing in this game; you may use: ${ALWAYS}.`;
  if (!ownValue(s.alive, player)) return `You are eliminated: you can read your DMs and use ${ALWAYS}.`;
  switch (basePhase(s.phase)) {
    case 'WHISPER':
      return `During WHISPER you may use: !dm @a @b ... [text] (up to ${s.config.maxDmRecipients} others), plain text in your open DM channels, !last TEXT, ${ALWAYS}.`;
    case 'RUMOR':
      return ownValue(s.acted, player)
        ? `You have posted this round; you may use: !last TEXT, ${ALWAYS}.`
        : `During RUMOR you may use: !public TEXT (or img:URL) (once), !last TEXT, ${ALWAYS}.`;
    case 'VOTE':
      return twoLeft(s)
        ? `During VOTE you may use: !empower @p (not yourself), !last TEXT, ${ALWAYS}; with two left there is no expose.`
        : `During VOTE you may use: !empower @p and !expose @p (not yourself), !last TEXT, ${ALWAYS}.`;
    case 'POWER':
      if (player !== s.empowered) return `During POWER only ${s.empowered} acts; you may use: ${ALWAYS}.`;
      return `During POWER you may use: ${describePower(legalPowerActions(s))}, ${ALWAYS}.`;
    case 'REVEAL':
      return `During REVEAL no one acts; you may use: ${ALWAYS}.`;
    default:
      return `You may use: ${ALWAYS}.`;
  }
}

function describePower(actions: PowerChoice[]): string {
  const eliminate = actions.filter((a) => a.action === 'eliminate').map((a) => a.target);
  const protect = actions.filter((a) => a.action === 'protect').map((a) => a.target);
  const parts: string[] = [];
  if (eliminate.length) parts.push(`!eliminate @p (p among ${eliminate.join(', ')})`);
  if (protect.length) parts.push(`!protect @p (p among ${protect.join(', ')})`);
  return parts.join(' or ');
}

/**
 * The public state, as `!status` replies with it (spec section 5: "DM with
 * current public state"): the phase as the public knows it (WHISPER, never
 * its turn, RULES I-d); a living player asking during WHISPER also hears its
 * own turn.
 */
export function statusText(s: InfluenceState, player: PlayerId): string {
  if (s.phase === 'INIT') return `Lobby: ${s.players.length} joined (${s.players.join(', ') || 'no one'}); host ${s.host ?? 'none'}; ${s.config.minPlayers} needed to start, ${s.config.maxPlayers} at most.`;
  const dead = s.eliminations.map((e) => `${e.player} (round ${e.round}, ${e.reason})`);
  const turn = whisperTurn(s.phase);
  const yours = turn !== null && ownValue(s.alive, player) ? ` (your turn ${turn} of ${s.config.whisperTurns})` : '';
  const parts = [`Round ${s.round}, phase ${basePhase(s.phase)}${yours}.`, `Alive: ${living(s).join(', ')}.`, `Eliminated: ${dead.length ? dead.join(', ') : 'no one'}.`];
  if (s.empowered && (s.phase === 'POWER' || s.phase === 'REVEAL')) parts.push(`Empowered: ${s.empowered}. Exposed: ${s.exposed.join(', ') || 'no one'}.`);
  if (s.winner) parts.push(`Winner: ${s.winner}.`);
  if (s.players.includes(player)) parts.push(allowedNow(s, player));
  return parts.join(' ');
}
