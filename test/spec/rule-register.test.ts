// Keeps the rule register and the tests in step: CI fails when an implemented rule of the interface
// documents has no test naming it, or a test names a rule id the register does not have.
import { computeCoverage, loadRegister, tagsIn, testTitles } from './rule-register';

test('the register is well formed: unique ids, known states and kinds, partial says what is missing, planned names an owner', () => {
  const register = loadRegister();
  expect(register.rules.length).toBeGreaterThan(150);
  expect(Object.keys(register.documents).sort()).toEqual(['idv', 'psr']);
});

test('every implemented rule is named by at least one test', () => {
  const { untestedImplemented } = computeCoverage();
  expect(untestedImplemented.map((rule) => rule.id)).toEqual([]);
});

test('every rule id a test names exists in docs/spec/rules.yaml', () => {
  const { unknownTags } = computeCoverage();
  expect(unknownTags.map((tag) => `[${tag.id}] ${tag.file}:${tag.line}`)).toEqual([]);
});

test('tags are read from test, it, describe and .each titles only, one or several per bracket', () => {
  // Written with stand-in names so that this file's own scan does not read the fixture as tests.
  const source = [
    "DESCRIBE('[a.area] group', () => {",
    "  IT.each([['x', 1], [\"(y)\", 2]])('[b.one, b.two] case %s', () => {});",
    '  TEST(`[c.three] template`, () => {});',
    '  const rows = [d.four];',
    "  IT('keeps [plain words] and [%s] out', () => {});",
    '});',
  ]
    .join('\n')
    .replace(/DESCRIBE/g, 'describe')
    .replace(/IT/g, 'it')
    .replace(/TEST/g, 'test');
  const titles = testTitles(source);
  expect(titles.map((t) => t.line)).toEqual([1, 2, 3, 5]);
  expect(titles.flatMap((t) => tagsIn(t.title))).toEqual(['a.area', 'b.one', 'b.two', 'c.three']);
});
