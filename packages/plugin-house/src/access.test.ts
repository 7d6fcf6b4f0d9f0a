import { expect, test } from 'bun:test';
import { isAdmin, mayControl, parseAdmins, refusal } from './access.ts';

const guiAdmin = '3F0C2A1E-1111-4222-8333-944455556666';
const { admins, problems } = parseAdmins(`${guiAdmin}, discord:80351110224678912 ; discord-role:41771983423143936`);

test('HOUSE_ADMINS takes platform ids only: GUI entity ids, discord:<user id>, discord-role:<role id>', () => {
  expect(problems).toEqual([]);
  expect([...admins.ids]).toEqual([guiAdmin.toLowerCase()]);
  expect([...admins.discordUsers]).toEqual(['80351110224678912']);
  expect([...admins.discordRoles]).toEqual(['41771983423143936']);
  expect(parseAdmins(undefined)).toEqual({ admins: { ids: new Set(), discordUsers: new Set(), discordRoles: new Set() }, problems: [] });
});

test('a name, a role by name or a made-up id is refused with one line saying what to use instead', () => {
  const refused = parseAdmins('Pat, role:Croupiers, id:x, discord:pat, discord-role:Croupiers').problems;
  expect(refused).toHaveLength(5);
  expect(refused[0]).toBe("HOUSE_ADMINS entry 'Pat' is not a platform id: names can be taken by anyone; use discord:<user id>, discord-role:<role id>, or a GUI entity id (a UUID)");
  for (const line of refused) expect(line).not.toContain('\n');
});

test('an admin by the ids the platform vouches for; never by a display name, a name on the server, or roles written into a message', () => {
  expect(isAdmin(admins, { id: guiAdmin.toLowerCase(), name: 'x' })).toBe(true);
  expect(isAdmin(admins, { id: 'u1', name: 'x', discordId: '80351110224678912' })).toBe(true);
  expect(isAdmin(admins, { id: 'u3', name: 'Lee', roles: ['1', '41771983423143936'] })).toBe(true);
  const { admins: named } = parseAdmins('Pat, role:Croupiers');
  for (const stranger of [
    { id: 'u2', name: 'Pat' },
    { id: 'u2', name: ' PAT ' },
    { id: 'u2', name: 'Croupiers' },
    { id: 'u2', name: 'someone', names: ['Pat', 'Croupiers'] },
    { id: 'u2', name: 'someone', roles: ['Croupiers'] },
  ]) {
    expect(isAdmin(named, stranger)).toBe(false);
    expect(isAdmin(admins, stranger)).toBe(false);
  }
});

test('the owner or an admin controls a match; a match without an owner (opened by the House) anyone may', () => {
  const owner = { id: 'o1', name: 'Olga' };
  expect(mayControl(owner, admins, { id: 'o1', name: 'whatever' })).toBe(true);
  expect(mayControl(owner, admins, { id: 'o2', name: 'Olga' })).toBe(false);
  expect(mayControl(owner, admins, { id: 'o2', name: 'x', roles: ['41771983423143936'] })).toBe(true);
  expect(mayControl(null, admins, { id: 'o2', name: 'x' })).toBe(true);
  expect(refusal('stop', 'trust-1-ab', owner)).toBe('Only Olga, who opened trust-1-ab, or a House admin (HOUSE_ADMINS) may !stop it.');
});
