import { expect, test } from 'bun:test';
import { isAdmin, mayControl, parseAdmins, refusal } from './access.ts';

const admins = parseAdmins('3F0C2A1E-1111-4222-8333-944455556666, Pat ; role:Moderators,id:discord-42');

test('HOUSE_ADMINS: uuids and id: entries are ids, role: entries and bare words are names, all without case', () => {
  expect([...admins.ids].sort()).toEqual(['3f0c2a1e-1111-4222-8333-944455556666', 'discord-42']);
  expect([...admins.names].sort()).toEqual(['moderators', 'pat']);
  expect(parseAdmins(undefined)).toEqual({ ids: new Set(), names: new Set() });
});

test('an admin by id, by the name the server knows, or by a Discord role; never by the name alone typed as a display name', () => {
  expect(isAdmin(admins, { id: '3f0c2a1e-1111-4222-8333-944455556666', name: 'x' })).toBe(true);
  expect(isAdmin(admins, { id: 'u1', entityId: 'discord-42', name: 'x' })).toBe(true);
  expect(isAdmin(admins, { id: 'u2', name: 'Pat' })).toBe(false);
  expect(isAdmin(admins, { id: 'u2', name: 'someone', names: ['pat'] })).toBe(true);
  expect(isAdmin(admins, { id: 'u3', name: 'Lee', roles: ['Players', 'MODERATORS'] })).toBe(true);
  expect(isAdmin(admins, { id: 'u3', name: 'Lee', roles: ['Players'] })).toBe(false);
});

test('the owner or an admin controls a match; a match without an owner (opened by the House) anyone may', () => {
  const owner = { id: 'o1', name: 'Olga' };
  expect(mayControl(owner, admins, { id: 'o1', name: 'whatever' })).toBe(true);
  expect(mayControl(owner, admins, { id: 'o2', name: 'Olga' })).toBe(false);
  expect(mayControl(owner, admins, { id: 'o2', name: 'x', roles: ['moderators'] })).toBe(true);
  expect(mayControl(null, admins, { id: 'o2', name: 'x' })).toBe(true);
  expect(refusal('stop', 'trust-1-ab', owner)).toBe('Only Olga, who opened trust-1-ab, or a House admin (HOUSE_ADMINS) may !stop it.');
});
