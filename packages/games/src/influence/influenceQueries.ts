import type { PlayerId } from '../engine/types.ts';
import type { InfluenceEffect, InfluencePhase, InfluenceState, TimedPhase, WhisperTurnPhase } from './influenceTypes.ts';
import { ownValue } from '../engine/safeKey.ts';

export type PowerChoice = { action: 'eliminate' | 'protect'; target: PlayerId };

/** Living players in seating order. */
export function living(s: InfluenceState): PlayerId[] {
  return s.players.filter((p) => ownValue(s.alive, p));
}

/** With two operatives left there is no expose and the empowered eliminates the other (RULES Influence 9). */
export function twoLeft(s: InfluenceState): boolean {
  return living(s).length === 2;
}

/** Every legal power action of the empowered now (RULES Influence 7 and 9). */
export function legalPowerActions(s: InfluenceState): PowerChoice[] {
  const me = s.empowered;
  if (s.phase !== 'POWER' || !me) return [];
  const others = living(s).filter((p) => p !== me);
  if (others.length === 1 || s.exposed.length === 0) return others.map((target) => ({ action: 'eliminate', target }));
  return [
    ...s.exposed.filter((p) => p !== me).map((target) => ({ action: 'eliminate' as const, target })),
    ...s.exposed.map((target) => ({ action: 'protect' as const, target })),
  ];
}

/** The id of the private channel between exactly these members (order does not matter). */
export function channelId(members: readonly PlayerId[]): string {
  return `dm:${[...members].sort().join('+')}`;
}

/**
 * The seated player a typed name stands for: an exact id, else the one id that
 * matches ignoring case and a leading @ (chat clients capitalise names). A name
 * that matches no one, or several, is returned as typed so the refusal quotes it.
 */
export function resolvePlayer(s: InfluenceState, name: string): PlayerId {
  const typed = name.trim().replace(/^@/, '');
  if (s.players.includes(typed)) return typed;
  const folded = s.players.filter((p) => p.toLowerCase() === typed.toLowerCase());
  return folded.length === 1 ? folded[0]! : typed;
}

/** Whether the phase is WHISPER, in any of its turns. */
export function isWhisper(phase: InfluencePhase): phase is 'WHISPER' | WhisperTurnPhase {
  return phase === 'WHISPER' || phase.startsWith('WHISPER ');
}

/** The WHISPER turn a phase names (1 for `WHISPER`), or null outside WHISPER. */
export function whisperTurn(phase: InfluencePhase): number | null {
  if (phase === 'WHISPER') return 1;
  return isWhisper(phase) ? Number(phase.slice('WHISPER '.length)) : null;
}

/** The phase of the spec a state's phase belongs to: every WHISPER turn is WHISPER. */
export function basePhase(phase: InfluencePhase): Exclude<InfluencePhase, WhisperTurnPhase> {
  return isWhisper(phase) ? 'WHISPER' : (phase as Exclude<InfluencePhase, WhisperTurnPhase>);
}

/**
 * The timer of the phase the state waits in, as the `schedule` effect that armed
 * it: an adapter that restarts from a saved state re-arms it (for the time left,
 * which it tracks itself: the rules never read the clock). Null in INIT and END.
 */
export function currentTimer(s: InfluenceState): Extract<InfluenceEffect, { kind: 'schedule' }> | null {
  const phase = basePhase(s.phase);
  if (phase === 'INIT' || phase === 'END') return null;
  return { kind: 'schedule', phase, round: s.round, ms: s.config.timers[phase.toLowerCase() as Lowercase<TimedPhase>] };
}
