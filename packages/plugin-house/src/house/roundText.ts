import type { GameEvent } from '../engine/types.ts';

/** Only what everyone may see: events without `to`. */
export function publicEvents(events: readonly GameEvent[]): GameEvent[] {
  return events.filter((e) => e.to === undefined);
}

function act(id: string, a: { action?: string; target?: string; granted?: boolean }): string {
  const target = a.target ? ` → ${a.target}` : '';
  const beg = a.action === 'BEG' ? (a.granted ? ' (granted)' : ' (declined)') : '';
  return `${id}: ${a.action ?? '?'}${target}${beg}`;
}

function describe(e: GameEvent): string {
  const d = e.data ?? {};
  if (e.type === 'round' && d.acts && typeof d.acts === 'object') {
    const acts = Object.entries(d.acts as Record<string, { action?: string; target?: string; granted?: boolean }>).map(([id, a]) => act(id, a));
    const sats = d.sats && typeof d.sats === 'object' ? Object.entries(d.sats as Record<string, number>).map(([id, s]) => `${id} ${s}`).join(', ') : '';
    return `${acts.join('; ')}${sats ? `\nsats: ${sats}` : ''}`;
  }
  if (e.type === 'eliminated' && Array.isArray(d.players)) return `eliminated: ${(d.players as string[]).join(', ')}`;
  if (e.type === 'match_over') {
    const winners = (d.winners as string[] | undefined) ?? [];
    return `match over (${String(d.kind ?? 'end')}): ${winners.length ? `winner${winners.length > 1 ? 's' : ''} ${winners.join(', ')}` : 'a draw'}`;
  }
  return Object.keys(d).length ? `${e.type}: ${JSON.stringify(d)}` : e.type;
}

/** The public outcome of one round, for the game room. Private events never reach it. */
export function roundText(game: string, round: number, events: readonly GameEvent[]): string {
  const lines = publicEvents(events).map(describe);
  return [`[${game}] Round ${round}`, ...lines].join('\n');
}
