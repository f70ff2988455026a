// Starts Vigil's real services for a test file, on free ports, against the test database, and
// gives each test its own tenant so tests never see each other's data.
import { loadConfig, VigilConfig } from '../../platform/config';
import { Entitlements } from '../../platform/principal/principal';
import { DashboardRole } from '../../platform/principal/roles';
import { ServiceName, SERVICE_NAMES, startPlatform, RunningPlatform } from '../../app/start-platform';
import { ensureConsoleBuilt } from '../../app/console-build';
import {
  createApplication,
  createDashboardUser,
  createTenant,
  createWorkspace,
  issueDashboardToken,
} from '../../platform/tenancy/tenancy-store';
import { parseLossless } from '../../rest-adapter/http/lossless-json';
import { applyMigrations } from '../../platform/db/migrations';
import { Client } from 'pg';

export interface TestPlatform extends RunningPlatform {
  restUrl: string;
  gatewayUrl: string;
}

export function testConfig(overrides: Partial<VigilConfig> = {}): VigilConfig {
  const base = loadConfig(process.env);
  return {
    ...base,
    ports: { rest: 0, gateway: 0, profiles: 0, idv: 0, screening: 0, risk: 0, access: 0 },
    ...overrides,
  };
}

/**
 * A fresh, migrated database on the test server. Workers scan their queues across tenants (queued
 * IDV sessions, outbox events), so a worker test on the shared test database would first work
 * through everything earlier test files left queued without a worker; such tests get their own.
 */
export async function createIsolatedDatabase(): Promise<string> {
  const shared = new URL(process.env.DATABASE_URL ?? '');
  const name = `vigil_isolated_${Date.now()}_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  // Under `npm test` the global setup's migrated database is left unconnected as a template
  // (test/setup/worker-database.cjs): a copy of it is a file copy, faster than migrating.
  const template = process.env.VIGIL_TEST_TEMPLATE_DATABASE_URL
    ? new URL(process.env.VIGIL_TEST_TEMPLATE_DATABASE_URL).pathname.slice(1)
    : null;
  const admin = new Client({ connectionString: shared.toString() });
  await admin.connect();
  try {
    // Two workers copying the template at the same moment: the second may see it in use (55006).
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(shared.toString());
  url.pathname = `/${name}`;
  if (!template) await applyMigrations(url.toString());
  return url.toString();
}

export async function startTestPlatform(
  options: { services?: readonly ServiceName[]; config?: Partial<VigilConfig>; isolatedDatabase?: boolean; inProcess?: boolean } = {},
): Promise<TestPlatform> {
  const services = options.services ?? SERVICE_NAMES.filter((name) => name !== 'worker');
  // A fresh checkout's first test run builds the console its REST adapter serves.
  if (services.includes('rest-adapter')) await ensureConsoleBuilt();
  const config = options.isolatedDatabase ? { ...options.config, databaseUrl: await createIsolatedDatabase() } : options.config;
  const platform = await startPlatform(testConfig(config), services, { inProcess: options.inProcess });
  return { ...platform, restUrl: platform.urls['rest-adapter'] ?? '', gatewayUrl: platform.urls.gateway ?? '' };
}

export interface TestTenant {
  tenantId: string;
  workspaceId: string;
  applicationId: string;
  apiKey: string;
}

/** A fresh tenant, workspace and application (with its key) for one test or one file. */
export async function createTestTenant(platform: RunningPlatform, entitlements: Entitlements = {}): Promise<TestTenant> {
  const tenant = await createTenant(platform.db, `test-${Date.now()}`);
  const workspace = await createWorkspace(platform.db, tenant.id, 'test workspace');
  const { application, apiKey } = await createApplication(platform.db, { workspaceId: workspace.id, name: 'test app', entitlements });
  return { tenantId: tenant.id, workspaceId: workspace.id, applicationId: application.id, apiKey: apiKey.key };
}

/** Another workspace of the same tenant, with its own key (isolation tests). */
export async function createSiblingWorkspace(platform: RunningPlatform, tenant: TestTenant): Promise<TestTenant> {
  const workspace = await createWorkspace(platform.db, tenant.tenantId, 'sibling workspace');
  const { application, apiKey } = await createApplication(platform.db, { workspaceId: workspace.id, name: 'sibling app' });
  return { tenantId: tenant.tenantId, workspaceId: workspace.id, applicationId: application.id, apiKey: apiKey.key };
}

/** A dashboard user of the tenant's workspace with `role` (platform/principal/role-policy.ts says what
 * each may run) and a Bearer token for it. */
export async function createDashboardToken(
  platform: RunningPlatform,
  tenant: TestTenant,
  email = 'analyst@example.com',
  role: DashboardRole = 'analyst',
): Promise<{ token: string; userId: string }> {
  const user = await createDashboardUser(platform.db, {
    workspaceId: tenant.workspaceId,
    email: tenantEmail(tenant, email),
    name: 'Test Analyst',
    role,
  });
  const { token } = await issueDashboardToken(platform.db, user.id, undefined, tenant.workspaceId);
  return { token, userId: user.id };
}

/** An email of this tenant's own: accounts are one per email in the installation, and test files
 * share a database, so `analyst@example.com` becomes `analyst+<tenant>@example.com`. */
export function tenantEmail(tenant: Pick<TestTenant, 'tenantId'>, email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, at)}+${tenant.tenantId.slice(4)}${email.slice(at)}`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a response body: untyped JSON whose shape the test asserts
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

/** One HTTP call; the body is parsed losslessly (big integers arrive as LosslessNumber). */
export async function request(
  baseUrl: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown; rawBody?: string | Buffer } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  let body: string | Buffer | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body as BodyInit | undefined });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? parseLossless(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed, headers: response.headers, text };
}

/** Header helpers for each credential form. */
export const auth = {
  apiKey: (key: string) => ({ Authorization: `Api-Key ${key}` }),
  xApiKey: (key: string) => ({ 'x-api-key': key }),
  bearer: (token: string) => ({ Authorization: `Bearer ${token}` }),
};

/** A GraphQL call through the gateway. */
export async function graphql(
  platform: TestPlatform,
  headers: Record<string, string>,
  query: string,
  variables: Record<string, unknown> = {},
) {
  return request(platform.gatewayUrl.replace(/\/graphql$/, ''), 'POST', '/graphql', { headers, body: { query, variables } });
}
