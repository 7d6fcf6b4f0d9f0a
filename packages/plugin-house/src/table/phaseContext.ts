import type { PlayerId } from '@the-house/games/engine/types.ts';
import { providerGate } from '@the-house/lab/models/gateRegistry.ts';
import type { PhaseContext } from '../games/houseGame.ts';
import { runtimeModelClient } from '../runtimeModelClient.ts';
import { unobserved } from './openerSits.ts';
import type { TableCore } from './tableCore.ts';

/**
 * What a game's adapter may do during a phase: speak in the room or in DMs,
 * reach the observer, ask the House's model, pose facts. Paced, what
 * it says in the game room (`say`), and in DMs too (`whisper`) when `dms`,
 * waits in the pacer (a phase's opening lines until its requests are out, its
 * closing posts until the next phase's are) and the adapter goes on at once;
 * the posts keep their order. A DM a person writes during a phase (an
 * adapter keeps `whisper` for that) goes at once.
 */
export function phaseContext(table: TableCore, paced = false, dms = false): PhaseContext {
  const { host } = table;
  const houseClient = runtimeModelClient(host.runtime);
  const later = (send: () => Promise<void>): Promise<void> => {
    table.pacer.later(() => (host.stopping ? undefined : send()));
    return Promise.resolve();
  };
  const say = (text: string, key?: string, as?: PlayerId) => table.voice.say(text, key, as);
  const whisper = (members: PlayerId[], text: string, as: PlayerId, key?: string) => table.voice.whisper(members, text, as, key);
  return {
    matchId: table.id,
    table: table.gameState,
    match: table.match!,
    house: host.runtime,
    say: paced ? (text, key, as) => later(() => say(text, key, as)) : say,
    whisper: paced && dms ? (members, text, as, key) => later(() => whisper(members, text, as, key)) : whisper,
    observer: table.observer,
    unobserved: unobserved(table.stored),
    tellObserver: (text) => table.voice.tellObserver(text),
    signal: table.abort.signal,
    setting: (key, fallback) => host.settings.number(key, fallback),
    houseModel: !houseClient.free,
    askHouse: async (prompt, purpose) => {
      const match = table.match!;
      const { round, phase } = match.state as { round: number; phase: string };
      const gate = houseClient.free ? null : providerGate(houseClient.gateKey, houseClient.baseUrl, (p) => host.runtime.logger.warn(`House: ${p}`));
      const r = await table.recorder.call(houseClient, gate, { caller: 'house', purpose, round, phase, system: host.runtime.character.system ?? '' }, prompt, table.abort.signal);
      return { text: r.text, error: r.error };
    },
    pose: (facts) => {
      const match = table.match!;
      if (!match.game.pose) return;
      const { round, phase } = match.state as { round: number; phase: string };
      match.state = match.game.pose(match.state, facts);
      table.recorder.phase(round, phase).posed = facts;
    },
  };
}
