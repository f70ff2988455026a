// The import CLI (progress bar, delta summary) against the test database.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { BIS_DPL } from './screening-helpers';

const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'app/cli/import-watchlist.ts');

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, VIGIL_LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

it('imports a list with a progress bar and prints the delta; a second run is a no-op', () => {
  const first = cli('--format', 'bis', '--path', BIS_DPL, '--label', 'dpl-cli');
  expect(first.code).toBe(0);
  expect(first.out).toMatch(/bis_dpl .*581 entities, 581 names/);
  expect(first.err).toMatch(/dpl-cli .*\d+\/\d+ rows/); // the progress bar (stderr)
  expect(first.err).not.toMatch(/error/i);
  const second = cli('--format', 'bis_dpl', '--path', BIS_DPL);
  expect(second.code).toBe(0);
  expect(second.out).toMatch(/unchanged \(same content already active: no-op\).*delta \+0 ~0 -0/);
  const status = cli('--status');
  expect(status.code).toBe(0);
  expect(status.out).toMatch(/bis_dpl\s+v\d+ .* 581 entities/);
}, 120_000);

it('explains its usage and refuses unknown formats', () => {
  const usage = cli();
  expect(usage.code).toBe(2);
  expect(usage.err).toContain('--shipped');
  const bad = cli('--format', 'nope', '--path', BIS_DPL);
  expect(bad.code).toBe(1);
  expect(bad.err).toContain('unknown watchlist format');
});
