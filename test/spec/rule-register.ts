// The rule register (docs/spec/rules.yaml) and the tests that name its ids. Reads the register,
// checks its shape, finds every [rule.id] in the titles of test/it/describe calls, and computes
// coverage per document and area. Used by `npm run spec:coverage` and by rule-register.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export const ROOT = path.resolve(__dirname, '../..');
export const REGISTER_FILE = path.join(ROOT, 'docs/spec/rules.yaml');
export const COVERAGE_FILE = path.join(ROOT, 'docs/spec/coverage.md');

export const STATES = ['implemented', 'partial', 'planned'] as const;
export type RuleState = (typeof STATES)[number];
export const KINDS = ['endpoint', 'field', 'rule', 'limit', 'state', 'move', 'error', 'event', 'auth', 'versioning'] as const;

/** A rule id: dot-separated lower-case segments, at least two (e.g. idv.sessions.create.r3). */
export const RULE_ID = /^[a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+$/;

export interface Rule {
  id: string;
  doc: string;
  area: string;
  kind: string;
  section: string;
  says: string;
  state: RuleState;
  missing?: string;
  owner?: string;
}

export interface Register {
  documents: Record<string, { title: string; file: string }>;
  areas: { area: string; doc: string; title: string }[];
  rules: Rule[];
}

/** Reads the register; throws one error listing every shape problem found. */
export function loadRegister(file = REGISTER_FILE): Register {
  const raw = parse(fs.readFileSync(file, 'utf8')) as {
    documents?: Register['documents'];
    areas?: { area: string; doc: string; title: string; rules?: Omit<Rule, 'doc' | 'area'>[] }[];
  };
  const problems: string[] = [];
  const documents = raw.documents ?? {};
  const areas: Register['areas'] = [];
  const rules: Rule[] = [];
  const seen = new Set<string>();
  for (const area of raw.areas ?? []) {
    if (!documents[area.doc]) problems.push(`area ${area.area}: unknown doc ${area.doc}`);
    areas.push({ area: area.area, doc: area.doc, title: area.title });
    for (const entry of area.rules ?? []) {
      const rule = { ...entry, doc: area.doc, area: area.area };
      const where = `rule ${rule.id ?? '(no id)'}`;
      if (typeof rule.id !== 'string' || !RULE_ID.test(rule.id)) problems.push(`${where}: id must match ${RULE_ID}`);
      if (seen.has(rule.id)) problems.push(`${where}: duplicate id`);
      seen.add(rule.id);
      if (!(STATES as readonly string[]).includes(rule.state)) problems.push(`${where}: state must be one of ${STATES.join(', ')}`);
      if (!(KINDS as readonly string[]).includes(rule.kind)) problems.push(`${where}: kind must be one of ${KINDS.join(', ')}`);
      if (!rule.says || !rule.section) problems.push(`${where}: needs section and says`);
      if (rule.state === 'partial' && !rule.missing) problems.push(`${where}: a partial rule says what is missing`);
      if (rule.state === 'planned' && !rule.owner) problems.push(`${where}: a planned rule names its owner`);
      rules.push(rule);
    }
  }
  if (problems.length) throw new Error(`docs/spec/rules.yaml:\n  ${problems.join('\n  ')}`);
  return { documents, areas, rules };
}

export interface TestTag {
  id: string;
  file: string;
  line: number;
  title: string;
}

const SKIPPED_DIRS = new Set(['node_modules', '.git', '.vigil', 'generated', 'dist', 'coverage']);

export function findTestFiles(dir = ROOT): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...findTestFiles(path.join(dir, entry.name)));
    } else if (entry.name.endsWith('.test.ts')) {
      files.push(path.join(dir, entry.name));
    }
  }
  return files.sort();
}

/** Reads a JS string literal starting at `start` (a quote); returns its text and the index after it. */
function readString(source: string, start: number): { text: string; end: number } | undefined {
  const quote = source[start];
  if (quote !== "'" && quote !== '"' && quote !== '`') return undefined;
  let text = '';
  for (let i = start + 1; i < source.length; i += 1) {
    const char = source[i];
    if (char === '\\') {
      text += source[i + 1] ?? '';
      i += 1;
    } else if (char === quote) {
      return { text, end: i + 1 };
    } else {
      text += char;
    }
  }
  return undefined;
}

/** Index just after the parenthesis that closes the one at `open`, skipping strings. */
function skipBalanced(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    const char = source[i];
    if (char === "'" || char === '"' || char === '`') {
      const literal = readString(source, i);
      if (!literal) return source.length;
      i = literal.end - 1;
    } else if (char === '(' || char === '[' || char === '{') {
      depth += 1;
    } else if (char === ')' || char === ']' || char === '}') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return source.length;
}

const CALL = /\b(?:test|it|describe)(\.(?:each|only|skip|concurrent|failing))*\s*\(/g;
const TAG = /\[([^[\]]+)\]/g;

/** The titles of the test/it/describe calls of one source text, with their line numbers. */
export function testTitles(source: string): { title: string; line: number }[] {
  const titles: { title: string; line: number }[] = [];
  for (const match of source.matchAll(CALL)) {
    let index = match.index + match[0].length - 1; // at "("
    if (match[1]?.includes('.each')) {
      index = skipBalanced(source, index); // the table; the title call follows
      while (/\s/.test(source[index] ?? '')) index += 1;
      if (source[index] !== '(') continue;
    }
    index += 1;
    while (/\s/.test(source[index] ?? '')) index += 1;
    const literal = readString(source, index);
    if (literal) titles.push({ title: literal.text, line: source.slice(0, match.index).split('\n').length });
  }
  return titles;
}

/** Rule ids named in a title: [a.b.c] or [a.b, c.d]; brackets holding anything else are ignored. */
export function tagsIn(title: string): string[] {
  const ids: string[] = [];
  for (const match of title.matchAll(TAG)) {
    const parts = match[1].split(',').map((part) => part.trim());
    if (parts.every((part) => RULE_ID.test(part))) ids.push(...parts);
  }
  return ids;
}

export function findTestTags(files = findTestFiles()): TestTag[] {
  const tags: TestTag[] = [];
  for (const file of files) {
    const relative = path.relative(ROOT, file);
    for (const { title, line } of testTitles(fs.readFileSync(file, 'utf8'))) {
      for (const id of tagsIn(title)) tags.push({ id, file: relative, line, title });
    }
  }
  return tags;
}

export interface AreaCoverage {
  doc: string;
  area: string;
  title: string;
  rules: number;
  byState: Record<RuleState, number>;
  covered: number;
  implementedCovered: number;
}

export interface Coverage {
  register: Register;
  testsByRule: Map<string, TestTag[]>;
  areas: AreaCoverage[];
  /** Implemented rules no test names: CI fails on these. */
  untestedImplemented: Rule[];
  /** Tags naming an id the register does not have: CI fails on these. */
  unknownTags: TestTag[];
  uncovered: Rule[];
}

export function computeCoverage(register = loadRegister(), tags = findTestTags()): Coverage {
  const ids = new Set(register.rules.map((rule) => rule.id));
  const testsByRule = new Map<string, TestTag[]>(register.rules.map((rule) => [rule.id, []]));
  const unknownTags: TestTag[] = [];
  for (const tag of tags) {
    if (ids.has(tag.id)) testsByRule.get(tag.id)!.push(tag);
    else unknownTags.push(tag);
  }
  const areas = register.areas.map((area) => {
    const rules = register.rules.filter((rule) => rule.area === area.area);
    const byState = { implemented: 0, partial: 0, planned: 0 };
    for (const rule of rules) byState[rule.state] += 1;
    const covered = rules.filter((rule) => testsByRule.get(rule.id)!.length > 0);
    return {
      doc: area.doc,
      area: area.area,
      title: area.title,
      rules: rules.length,
      byState,
      covered: covered.length,
      implementedCovered: covered.filter((rule) => rule.state === 'implemented').length,
    };
  });
  const uncovered = register.rules.filter((rule) => testsByRule.get(rule.id)!.length === 0);
  return {
    register,
    testsByRule,
    areas,
    untestedImplemented: uncovered.filter((rule) => rule.state === 'implemented'),
    unknownTags,
    uncovered,
  };
}
