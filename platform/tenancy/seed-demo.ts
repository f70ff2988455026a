import { Db } from '../db/prisma';
import { createApplication, createTenant, createWorkspace } from './tenancy-store';

export const DEMO_TENANT_NAME = 'Demo';

/** On a fresh database: a demo tenant, workspace and application. Returns the application's key
 * (shown once), or undefined when the demo tenant already exists. */
export async function seedDemo(db: Db): Promise<{ apiKey: string; applicationId: string } | undefined> {
  if (await db.tenant.findFirst({ where: { name: DEMO_TENANT_NAME } })) return undefined;
  const tenant = await createTenant(db, DEMO_TENANT_NAME);
  const workspace = await createWorkspace(db, tenant.id, 'Demo workspace');
  const { application, apiKey } = await createApplication(db, {
    workspaceId: workspace.id,
    name: 'Demo application',
    entitlements: { sessionOverrides: true, returnUrlPrefixes: ['https://example.com/'], riskAssessments: true, watchlistAdmin: true },
  });
  return { apiKey: apiKey.key, applicationId: application.id };
}

/** The demo tenant's first workspace (where `npm start` makes the first console admin), if any. */
export async function findDemoWorkspaceId(db: Db): Promise<string | undefined> {
  const workspace = await db.workspace.findFirst({ where: { tenant: { name: DEMO_TENANT_NAME } }, orderBy: { createdAt: 'asc' } });
  return workspace?.id;
}
