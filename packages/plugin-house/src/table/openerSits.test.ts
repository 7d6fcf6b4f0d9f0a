import { expect, test } from 'bun:test';
import type { SeatSpecs } from '../seats/seatSpec.ts';
import { unobserved } from './openerSits.ts';

const olive = { id: 'person-olive', name: 'Olive' };
const dm = { channelId: 'olive-dm', serverId: 's' };
const agents: SeatSpecs = { Ivo: { kind: 'agent' }, Jana: { kind: 'agent' } };
const oliveSits: SeatSpecs = { Ivo: { kind: 'agent' }, Olive: { kind: 'person', person: { id: olive.id, room: dm, origin: null } } };

test('a match is unobserved when its opener sits in it (RULES T-c) or no person opened it; watched when its opener holds no seat', () => {
  expect(unobserved({ owner: olive, seats: oliveSits, observer: null })).toBe(true);
  expect(unobserved({ owner: null, seats: agents, observer: null })).toBe(true);
  expect(unobserved({ owner: olive, seats: agents, observer: { id: olive.id, room: dm, origin: null } })).toBe(false);
});
