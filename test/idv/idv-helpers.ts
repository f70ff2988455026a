// Helpers of the IDV core tests: a platform with the services IDV needs (startTestPlatform: free
// ports; the services of one platform share one config whose subgraphUrls are the bound addresses,
// so IDV → profiles calls reach the real profiles service), profiles created through REST, and
// sessions driven through the service layer to any state.
import { VigilConfig } from '../../platform/config';
import { ServiceName } from '../../app/start-platform';
import { Entitlements } from '../../platform/principal/principal';
import { createIdvDeps, IdvDeps } from '../../subgraphs/idv/services/deps';
import {
  completeAssessment,
  failAssessment,
  startAssessment,
  submitSession,
  AssessmentOutcome,
} from '../../subgraphs/idv/services/lifecycle-service';
import { auth, createTestTenant, request, startTestPlatform, testConfig, TestPlatform, TestTenant } from '../helpers/test-platform';

export const IDV_SERVICES: ServiceName[] = ['profiles', 'idv', 'gateway', 'rest-adapter'];

/** profilesUrl: where IDV looks profiles up when the platform runs without the profiles service. */
export async function startIdvPlatform(
  options: { services?: ServiceName[]; profilesUrl?: string; config?: Partial<VigilConfig>; isolatedDatabase?: boolean } = {},
): Promise<TestPlatform> {
  const config: Partial<VigilConfig> = { ...options.config };
  if (options.profilesUrl) config.subgraphUrls = { ...(config.subgraphUrls ?? testConfig().subgraphUrls), profiles: options.profilesUrl };
  return startTestPlatform({ services: options.services ?? IDV_SERVICES, config, isolatedDatabase: options.isolatedDatabase });
}

export function idvDeps(platform: TestPlatform, overrides: Partial<IdvDeps> = {}): IdvDeps {
  return createIdvDeps(platform.db, platform.config, overrides);
}

export async function newTenant(platform: TestPlatform, entitlements: Entitlements = {}): Promise<TestTenant> {
  return createTestTenant(platform, entitlements);
}

export async function createProfile(
  platform: TestPlatform,
  tenant: TestTenant,
  name = 'Ada Lovelace',
  email: string | null = 'ada@example.com',
  extra: Record<string, unknown> = {},
): Promise<string> {
  const response = await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { name, kind: 'individual', ...(email ? { email } : {}), ...extra },
  });
  if (response.status !== 201) throw new Error(`profile create failed: ${response.status} ${response.text}`);
  return response.body.result.profile.id;
}

export function idv(platform: TestPlatform, tenant: TestTenant) {
  const headers = auth.apiKey(tenant.apiKey);
  return {
    post: (path: string, body?: unknown, extra: Record<string, string> = {}) =>
      request(platform.restUrl, 'POST', `/idv/v1${path}`, { headers: { ...headers, ...extra }, body }),
    get: (path: string, extra: Record<string, string> = {}) =>
      request(platform.restUrl, 'GET', `/idv/v1${path}`, { headers: { ...headers, ...extra } }),
    patch: (path: string, body?: unknown) => request(platform.restUrl, 'PATCH', `/idv/v1${path}`, { headers, body }),
    as: (credential: Record<string, string>) => ({
      post: (path: string, body?: unknown) => request(platform.restUrl, 'POST', `/idv/v1${path}`, { headers: credential, body }),
      get: (path: string) => request(platform.restUrl, 'GET', `/idv/v1${path}`, { headers: credential }),
    }),
  };
}

export async function createSession(platform: TestPlatform, tenant: TestTenant, body: Record<string, unknown>) {
  const response = await idv(platform, tenant).post('/sessions', body);
  if (response.status !== 201) throw new Error(`session create failed: ${response.status} ${response.text}`);
  return { id: response.body.data.id as string, token: response.body.session_token as string, body: response.body };
}

/** Drives a fresh session through submit and assessment. */
export async function driveTo(
  platform: TestPlatform,
  tenant: TestTenant,
  sessionId: string,
  target: 'queued' | 'assessing' | 'automatic_pass' | 'requires_review' | 'failed',
  outcome?: Partial<AssessmentOutcome>,
) {
  const deps = idvDeps(platform);
  const scope = { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId };
  await submitSession(deps, scope, sessionId);
  if (target === 'queued') return;
  await startAssessment(deps, scope, sessionId);
  if (target === 'assessing') return;
  if (target === 'failed') return void (await failAssessment(deps, scope, sessionId, 'model unavailable'));
  await completeAssessment(deps, scope, sessionId, {
    decision: target === 'automatic_pass' ? 'pass' : 'review',
    flagCategories: target === 'requires_review' ? ['document'] : [],
    ...outcome,
  });
}

export const capture = (token: string) => ({ Authorization: `Capture ${token}` });

/** A single-use direct link (POST /sessions/{id}/invite, delivery none): its verify_url and code. */
export async function directLink(platform: TestPlatform, tenant: TestTenant, sessionId: string) {
  const response = await idv(platform, tenant).post(`/sessions/${sessionId}/invite`, { delivery: 'none' });
  if (response.status !== 200) throw new Error(`direct invite failed: ${response.status} ${response.text}`);
  const url = response.body.verify_url as string;
  return { url, code: decodeURIComponent(new URL(url).hash.replace('#code=', '')) };
}
