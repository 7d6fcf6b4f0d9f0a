import { expect, test } from 'bun:test';
import { fakeRuntime } from './testing/fakeRuntime.ts';
import { nameProblem, PeopleNames } from './people.ts';

test('names that name nothing, or the House, are reserved; the other names of Object.prototype are names', () => {
  for (const name of ['constructor', 'Prototype', 'me', 'House', 'the house']) expect(nameProblem(name)).toBe(`'${name}' is reserved`);
  expect(nameProblem('__proto__')).toStartWith('a name starts with a letter or digit');
  for (const name of ['valueOf', 'toString', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', 'Ada']) expect(nameProblem(name)).toBeNull();
});

// Issue 23, "Text that looks like the House": a person's name is shown beside everything they say; it may not pass for the House's.
test('a name that looks like the House in other letters is reserved too', () => {
  for (const name of ['Τhe Ηouse', 'ТНЕ НОUSЕ', 'Thé Hoüse', 'ＨＯＵＳＥ', 'Тhe\u200bHouse']) expect(nameProblem(name)).not.toBeNull();
  expect(nameProblem('Housemartin')).toBeNull();
});

test("another person's name in lookalike letters is taken", async () => {
  const people = new PeopleNames(fakeRuntime('The House'));
  expect(await people.choose({ id: 'p1', name: 'x' }, 'Ada')).toBeNull();
  expect(await people.choose({ id: 'p2', name: 'y' }, '\u0410da')).toBe("'\u0410da' is taken by someone else");
  expect(await people.choose({ id: 'p2', name: 'y' }, 'ADA')).toBe("'ADA' is taken by someone else");
  expect(await people.choose({ id: 'p1', name: 'x' }, 'ada')).toBeNull();
});
