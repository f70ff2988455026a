// Writes test/setup/test-durations.json from Jest's own timing cache of the last full run on this
// machine, so a fresh clone (CI) schedules the longest test files first (test/setup/test-sequencer.js).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const cacheDir = path.join(tmpdir(), `jest_${userInfo().uid.toString(36)}`);
const candidates = readdirSync(cacheDir)
  .filter((f) => f.startsWith('perf-cache-'))
  .map((f) => path.join(cacheDir, f))
  .map((file) => ({ file, data: JSON.parse(readFileSync(file, 'utf8')), mtime: statSync(file).mtimeMs }))
  .map((c) => ({ ...c, ours: Object.keys(c.data).filter((k) => k.startsWith(root + path.sep)).length }))
  .filter((c) => c.ours > 0)
  .sort((a, b) => b.ours - a.ours || b.mtime - a.mtime);
if (!candidates.length) throw new Error(`no Jest timing cache for ${root} under ${cacheDir}: run npm test first`);

const seconds = {};
for (const [file, entry] of Object.entries(candidates[0].data)) {
  if (!file.startsWith(root + path.sep) || !Array.isArray(entry)) continue;
  seconds[path.relative(root, file)] = Math.max(1, Math.round(entry[1] / 1000));
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
const out = path.join(root, 'test/setup/test-durations.json');
writeFileSync(out, JSON.stringify({ recorded: new Date().toISOString().slice(0, 10), seconds: sorted }, null, 2) + '\n');
console.log(`${Object.keys(sorted).length} test files timed -> ${path.relative(root, out)}`);
