// Shared helpers of the risk assessment tests: a client for /risk-assessments/v2, subject
// fixtures, the shipped UN list loaded into the screening index, and polling for a status.
import { RunningPlatform } from '../../app/start-platform';
import { ApiResponse, auth, request, TestPlatform } from '../helpers/test-platform';
import { importList, UN_XML, versionsOf, waitForIndex } from '../screening/screening-helpers';

export const BASE = '/risk-assessments/v2';

/** A person on the shipped UN consolidated list (6908085). */
export const UN_LISTED_PERSON = 'BARZAN IBRAHIM HASSAN AL-TIKRITI';

export function organization(overrides: Record<string, unknown> = {}) {
  return {
    type: 'organization',
    name: 'Harbour Lights Trading GmbH',
    registration_id: 'HRB 123456',
    jurisdiction: { country: 'DE' },
    ...overrides,
  };
}

export function riskClient(platform: TestPlatform, apiKey: string, headers: (key: string) => Record<string, string> = auth.apiKey) {
  const call = (method: string, path: string, body?: unknown): Promise<ApiResponse> =>
    request(platform.restUrl, method, `${BASE}${path}`, { headers: headers(apiKey), body });
  return {
    call,
    create: (body: Record<string, unknown>) =>
      call('POST', '/assessments', { title: 'Onboarding review', subjects: [organization()], ...body }),
    get: (id: string) => call('GET', `/assessments/${id}`),
    start: (id: string, reason = 'onboarding') => call('POST', `/assessments/${id}/start`, { reason }),
    command: (id: string, body: Record<string, unknown>) => call('POST', `/assessments/${id}/commands`, body),
    summary: (id: string) => call('GET', `/assessments/${id}/summary`),
    tasks: (id: string) => call('GET', `/assessments/${id}/tasks`),
    trajectory: (id: string, query = '') => call('GET', `/assessments/${id}/trajectory${query}`),
    /** Polls the summary until the status is one of `statuses` (the test fails on timeout). */
    async waitFor(id: string, statuses: string[], timeoutMs = 60_000): Promise<ApiResponse> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const summary = await call('GET', `/assessments/${id}/summary`);
        if (statuses.includes(summary.body?.result?.summary?.status)) return summary;
        if (Date.now() > deadline) throw new Error(`assessment ${id} did not reach ${statuses.join('/')}: ${JSON.stringify(summary.body)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
  };
}

/** Loads the shipped UN list and waits until the platform's screening index serves it. */
export async function loadUnList(platform: RunningPlatform): Promise<void> {
  const un = await importList(platform, 'un_xml', UN_XML);
  await waitForIndex(platform.urls.screening!, versionsOf(un));
}

/** Every sequence of the trajectory, read page by page with after_sequence. */
export async function allSequences(client: ReturnType<typeof riskClient>, id: string, pageSize = 7): Promise<number[]> {
  const sequences: number[] = [];
  let after = 0;
  for (;;) {
    const page = await client.trajectory(id, `?after_sequence=${after}&limit=${pageSize}`);
    const events = page.body.result.events as { sequence: number }[];
    sequences.push(...events.map((event) => event.sequence));
    if (!page.body.result.has_more) return sequences;
    after = events[events.length - 1].sequence;
  }
}
