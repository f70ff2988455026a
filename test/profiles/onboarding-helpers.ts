// Helpers of the onboarding and profile status tests: onboarding through REST, polling a run until
// it settles, and the profile events a webhook receiver got.
import { auth, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { WebhookReceiver } from '../helpers/webhook-receiver';

export function onboard(platform: TestPlatform, tenant: TestTenant, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return request(platform.restUrl, 'POST', '/clm/v1/onboarding/profiles', {
    headers: { ...auth.xApiKey(tenant.apiKey), ...headers },
    body,
  });
}

export function readOnboarding(platform: TestPlatform, tenant: TestTenant, profileId: string) {
  return request(platform.restUrl, 'GET', `/clm/v1/onboarding/profiles/${profileId}`, { headers: auth.xApiKey(tenant.apiKey) });
}

type OnboardingView = {
  profile: { id: string; status: string };
  tasks: {
    task_id: string;
    kind: string;
    status: string;
    search_id?: string;
    session_id?: string;
    started_at?: string;
    completed_at?: string;
  }[];
  onboarding: { id: string; status: string; decided_at: string | null };
};

/** Polls the run until `done` holds (default: the run completed). */
export async function waitForOnboarding(
  platform: TestPlatform,
  tenant: TestTenant,
  profileId: string,
  done: (view: OnboardingView) => boolean = (view) => view.onboarding.status === 'completed',
  timeoutMs = 30_000,
): Promise<OnboardingView> {
  const deadline = Date.now() + timeoutMs;
  const read = async () => {
    const response = await readOnboarding(platform, tenant, profileId);
    if (response.status !== 200) throw new Error(`onboarding read failed: ${response.status} ${response.text}`);
    return response.body.result as OnboardingView;
  };
  for (;;) {
    const view = await read();
    // The profile and its run are read by two queries: a step committing between them shows the
    // new run beside the old status. Read once more after the condition held (both committed together).
    if (done(view)) {
      const settled = await read();
      if (done(settled)) return settled;
    }
    if (Date.now() > deadline) throw new Error(`onboarding of ${profileId} did not settle: ${JSON.stringify(view)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export const taskOf = (view: OnboardingView, kind: 'screening' | 'idv') => view.tasks.find((task) => task.kind === kind)!;

/** Events of the profiles domain about one profile the receiver acknowledged (deduplicated by event
 * id), in arrival order: profile_status_updated and profile_onboarding.completed. */
export function profileEvents(receiver: WebhookReceiver, profileId: string) {
  return receiver
    .acknowledged()
    .filter((r) => r.json.data.profile_id === profileId)
    .filter((r) => r.json.type === 'profile_onboarding.completed' || r.json.type === 'profile_status_updated');
}

/** Makes an active workflow the tenant's default IDV workflow (IDV onboarding needs a workflow). */
export async function defaultIdvWorkflow(platform: TestPlatform, tenant: TestTenant): Promise<string> {
  const headers = auth.apiKey(tenant.apiKey);
  const created = await request(platform.restUrl, 'POST', '/idv/v1/workflows', { headers, body: { name: 'Onboarding', status: 'active' } });
  if (created.status !== 201) throw new Error(`workflow create failed: ${created.status} ${created.text}`);
  const id = created.body.data.id as string;
  const made = await request(platform.restUrl, 'POST', `/idv/v1/workflows/${id}/default`, { headers });
  if (made.status !== 200) throw new Error(`make default failed: ${made.status} ${made.text}`);
  return id;
}
