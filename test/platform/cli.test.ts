// The administration CLI, run as a real process against the test database.
import { hashSecret } from '../../platform/crypto/hash';
import { createDb, Db } from '../../platform/db/prisma';
import { runCli } from '../helpers/cli';

let db: Db;

const cli = (...args: string[]) => runCli(args);

beforeAll(() => {
  db = createDb(process.env.DATABASE_URL!, 2);
});
afterAll(() => db.$disconnect());

it('creates a tenant, workspace and application whose key is stored only as a hash, then revokes it', async () => {
  const tenant = await cli('create-tenant', '--name', 'CLI Corp');
  const workspace = await cli('create-workspace', '--tenant', tenant.tenantId, '--name', 'Main');
  const app = await cli(
    'create-application',
    '--workspace',
    workspace.workspaceId,
    '--name',
    'Backend',
    '--entitlements',
    '{"sessionOverrides":true}',
  );
  expect(app.apiKey).toMatch(/^vgl_/);
  const stored = await db.apiKey.findUniqueOrThrow({ where: { id: app.keyId } });
  expect(stored.keyHash).toBe(hashSecret(app.apiKey));
  expect(JSON.stringify(stored)).not.toContain(app.apiKey);

  const listed = await cli('list-applications', '--workspace', workspace.workspaceId);
  expect(listed).toEqual([
    expect.objectContaining({
      applicationId: app.applicationId,
      keys: [{ keyId: app.keyId, prefix: app.apiKey.slice(0, 10), revoked: false }],
    }),
  ]);
  expect(JSON.stringify(listed)).not.toContain(app.apiKey);

  await cli('revoke-key', '--key', app.keyId);
  expect((await db.apiKey.findUniqueOrThrow({ where: { id: app.keyId } })).revokedAt).not.toBeNull();

  const token = await cli('create-dashboard-token', '--workspace', workspace.workspaceId, '--email', 'ana@example.com');
  expect(token.token).toMatch(/^vgld_/);
  expect(token.role).toBe('analyst');
  const reviewer = await cli(
    'create-dashboard-token',
    '--workspace',
    workspace.workspaceId,
    '--email',
    'rev@example.com',
    '--role',
    'reviewer',
  );
  const membership = await db.dashboardMembership.findFirstOrThrow({
    where: { userId: reviewer.userId, workspaceId: workspace.workspaceId },
  });
  expect(membership.role).toBe('reviewer');
  await expect(
    cli('create-dashboard-token', '--workspace', workspace.workspaceId, '--email', 'x@example.com', '--role', 'owner'),
  ).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining('--role must be one of viewer, analyst, reviewer, admin'),
  });
  const tokens = await db.dashboardToken.findMany({ where: { userId: token.userId } });
  expect(tokens.map((t) => t.tokenHash)).toEqual([hashSecret(token.token)]);
}, 60_000);

it('fails with a usage line on missing flags', async () => {
  await expect(cli('create-workspace', '--name', 'x')).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining('--tenant is required'),
  });
});
