// Helpers shared by the profiles integration tests.
import { auth, request, TestPlatform, TestTenant, startTestPlatform } from '../helpers/test-platform';

/** The services the profiles REST surface needs (the gateway composes every subgraph's SDL). */
export const PROFILE_SERVICES = ['profiles', 'gateway', 'rest-adapter'] as const;

export function startProfilesPlatform(): Promise<TestPlatform> {
  return startTestPlatform({ services: PROFILE_SERVICES });
}

export function client(platform: TestPlatform, tenant: TestTenant) {
  const headers = auth.xApiKey(tenant.apiKey);
  const call = (method: string, path: string, body?: unknown) => request(platform.restUrl, method, path, { headers, body });
  return {
    call,
    raw: (method: string, path: string, rawBody: string) =>
      request(platform.restUrl, method, path, { headers: { ...headers, 'content-type': 'application/json' }, rawBody }),
    defineField: async (definition: Record<string, unknown>) => {
      const response = await call('POST', '/tenant-config/v1/profile-custom-fields', definition);
      if (response.status !== 201) throw new Error(`defineField failed: ${response.status} ${response.text}`);
      return response.body.result.customField;
    },
    createGroup: async (group: Record<string, unknown>) => {
      const response = await call('POST', '/tenant-config/v1/profile-groups', group);
      if (response.status !== 201) throw new Error(`createGroup failed: ${response.status} ${response.text}`);
      return response.body.result.profileGroup;
    },
    createProfile: async (profile: Record<string, unknown> = {}) => {
      const response = await call('POST', '/clm/v1/profiles', { name: 'Ada Lovelace', kind: 'individual', ...profile });
      if (response.status !== 201) throw new Error(`createProfile failed: ${response.status} ${response.text}`);
      return response.body.result.profile;
    },
  };
}

/** The custom field value of one key in a REST profile (undefined when not emitted). */
export function fieldValue(profile: { profileCustomFields?: { key: string; value: unknown }[] }, key: string): unknown {
  return profile.profileCustomFields?.find((field) => field.key === key)?.value;
}
