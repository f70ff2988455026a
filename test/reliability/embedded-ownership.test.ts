// After `kill -9` of the process that started the embedded PostgreSQL, the postmaster keeps
// running orphaned. The next start must stop it and run (and later stop) a server of its own.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOutageDatabase } from '../helpers/outage-database';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-orphan-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const postmasterPid = (dir: string) => Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('stops the orphaned postmaster on the next start, and a clean stop stops its own', async () => {
  fs.chmodSync(dataDir, 0o755);
  const pgDir = path.join(dataDir, 'pg');
  const first = await startOutageDatabase(pgDir);
  const orphan = postmasterPid(pgDir);
  const owner = Number(fs.readFileSync(`${pgDir}.owner`, 'utf8'));
  process.kill(owner, 'SIGKILL');
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(alive(owner)).toBe(false);
  expect(alive(orphan)).toBe(true); // the crash left it running
  void first;

  const second = await startOutageDatabase(pgDir);
  expect(alive(orphan)).toBe(false);
  const own = postmasterPid(pgDir);
  expect(own).not.toBe(orphan);
  expect(
    execFileSync('ps', ['-o', 'pid=', '-p', String(own)])
      .toString()
      .trim(),
  ).toBe(String(own));
  await second.stop();
  expect(alive(own)).toBe(false);
  expect(fs.existsSync(`${pgDir}.owner`)).toBe(false);
}, 90_000);
