// Idempotent-create records live 24 h (docs/reliability.md "Two layers"); the scheduled sweep
// deletes older ones from every domain's table and keeps the live ones.
import { createDb, Db } from '../../platform/db/prisma';
import { deleteExpiredCreates, EXPIRED_CREATES_QUEUE, expiredCreatesJobs } from '../../platform/idempotency/expired-creates';
import { JobQueue } from '../../platform/jobs/job-queue';

let db: Db;
const TABLES = ['profiles', 'screening', 'risk'];
const tenantId = `tnt_retention_${Date.now()}`;

beforeAll(() => {
  db = createDb(process.env.DATABASE_URL!, 2);
});
afterAll(() => db.$disconnect());

async function insert(schema: string, key: string, ageHours: number) {
  await db.$executeRawUnsafe(
    `INSERT INTO ${schema}.idempotent_creates (tenant_id, workspace_id, operation, key_hash, fingerprint, object_id, created_at) VALUES ($1, 'wks', 'op', $2, 'f', 'obj', now() - make_interval(hours => $3))`,
    tenantId,
    key,
    ageHours,
  );
}
const keys = async (schema: string) =>
  (
    await db.$queryRawUnsafe<{ key_hash: string }[]>(
      `SELECT key_hash FROM ${schema}.idempotent_creates WHERE tenant_id = $1 ORDER BY key_hash`,
      tenantId,
    )
  ).map((row) => row.key_hash);

it('deletes records past 24 h from every domain and keeps the live ones', async () => {
  for (const schema of TABLES) {
    await insert(schema, 'expired', 25);
    await insert(schema, 'live', 23);
  }
  const deleted = await deleteExpiredCreates(db);
  for (const schema of TABLES) {
    expect(deleted[`${schema}.idempotent_creates`]).toBeGreaterThanOrEqual(1);
    expect(await keys(schema)).toEqual(['live']);
  }
});

it('runs on a schedule in the workers', async () => {
  const queue = await JobQueue.start(process.env.DATABASE_URL!);
  try {
    const [job] = expiredCreatesJobs({ db });
    await queue.work(job);
    const schedules = await db.$queryRawUnsafe<{ name: string; cron: string }[]>(
      `SELECT name, cron FROM pgboss.schedule WHERE name = $1`,
      EXPIRED_CREATES_QUEUE,
    );
    expect(schedules).toEqual([{ name: EXPIRED_CREATES_QUEUE, cron: job.cron }]);
  } finally {
    await queue.stop();
  }
});
