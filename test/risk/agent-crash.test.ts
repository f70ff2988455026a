// A worker killed with SIGKILL in the middle of a run: another worker takes the run over once the
// lease expires, the run completes, and the trajectory has no gaps or repeats; no step's effects
// are written twice.
import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { startWorker, RunningWorker } from '../../app/worker';
import { createTestTenant, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { allSequences, loadUnList, organization, riskClient } from './risk-helpers';

const LEASE_MS = '2000';
const PERSONS = 30;
let platform: TestPlatform;
let tenant: TestTenant;
let child: ChildProcess | undefined;
let worker: RunningWorker | undefined;

beforeAll(async () => {
  process.env.VIGIL_RISK_LEASE_MS = LEASE_MS;
  platform = await startTestPlatform();
  tenant = await createTestTenant(platform, { riskAssessments: true });
  await loadUnList(platform);
}, 120_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await worker?.close();
  await platform.close();
  delete process.env.VIGIL_RISK_LEASE_MS;
});

function spawnWorker(): Promise<ChildProcess> {
  const root = path.resolve(__dirname, '../..');
  // `node --import tsx` (not the tsx CLI, which would run the worker in a grandchild that SIGKILL misses).
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'worker-child.ts')], {
    cwd: root,
    env: { ...process.env, VIGIL_SCREENING_URL: platform.urls.screening, VIGIL_RISK_LEASE_MS: LEASE_MS, VIGIL_LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    proc.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('worker ready') && resolve(proc));
    proc.on('exit', (code) => reject(new Error(`worker exited early with ${code}`)));
  });
}

it('completes a run whose worker was killed mid-run, without gaps, repeats or duplicate effects', async () => {
  const api = riskClient(platform, tenant.apiKey);
  const persons = Array.from({ length: PERSONS }, (_, i) => ({
    name: `Qzxv Plorbtann ${String.fromCharCode(65 + (i % 26))}${i}`,
    role: 'shareholder',
  }));
  const created = await api.create({ title: 'crash test', subjects: [organization({ name: 'Qzxv Plorbt Holdings', persons })] });
  const id = created.body.result.assessment.assessment_id;
  const started = await api.start(id);
  const runId = started.body.result.run.run_id;

  child = await spawnWorker();
  // Wait until the child has committed some screening steps, then kill it without warning.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const run = await platform.db.riskRun.findUniqueOrThrow({ where: { id: runId } });
    if (run.step >= 8) break;
    if (Date.now() > deadline) throw new Error(`run did not progress: step ${run.step} ${run.error}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  await new Promise((resolve) => child!.once('exit', resolve));
  const atKill = await platform.db.riskRun.findUniqueOrThrow({ where: { id: runId } });
  expect(atKill.status).toBe('running');
  expect(atKill.leaseOwner).not.toBeNull();

  worker = await startWorker(platform.db, platform.config);
  await api.waitFor(id, ['ready_for_review'], 90_000);

  const run = await platform.db.riskRun.findUniqueOrThrow({ where: { id: runId } });
  expect(run.status).toBe('completed');
  // At least the killed attempt and the resumed one; a slow machine may see a lease lapse once more,
  // which the checks below (no gaps, repeats or duplicate effects) cover as well.
  expect(run.attempts).toBeGreaterThanOrEqual(2);
  const sequences = await allSequences(api, id, 25);
  expect(sequences).toEqual(sequences.map((_, index) => index + 1));
  const events = await platform.db.riskTrajectoryEvent.findMany({ where: { assessmentId: id, type: 'screened' } });
  expect(events).toHaveLength(PERSONS + 1);
  expect(new Set(events.map((event) => (event.data as { step: string }).step)).size).toBe(PERSONS + 1);
  const evidence = await platform.db.riskEvidence.findMany({ where: { assessmentId: id, kind: 'screening_search' } });
  expect(evidence).toHaveLength(PERSONS + 1);
  const tasks = await api.tasks(id);
  expect(tasks.body.result.task_status_counts.complete).toBe(5);
}, 180_000);
