// An agent that cannot finish: the screening domain is unreachable (its service is down), so the
// screening step fails on every attempt; after the retry budget (MAX_STEP_FAILURES) the run and
// the assessment are failed, the summary tells pollers to stop, and the assessment can be reopened
// and started again. Also the polling hint while the agent works.
import net from 'node:net';
import { MAX_STEP_FAILURES } from '../../subgraphs/risk/agent/run-executor';
import { createTestTenant, startTestPlatform, testConfig, TestPlatform } from '../helpers/test-platform';
import { organization, riskClient } from './risk-helpers';

let platform: TestPlatform;
let api: ReturnType<typeof riskClient>;

/** A local port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  const base = testConfig();
  const screening = `http://127.0.0.1:${await closedPort()}/graphql`;
  platform = await startTestPlatform({
    services: ['profiles', 'risk', 'gateway', 'rest-adapter', 'worker'],
    isolatedDatabase: true,
    config: { subgraphUrls: { ...base.subgraphUrls, screening } },
  });
  api = riskClient(platform, (await createTestTenant(platform, { riskAssessments: true })).apiKey);
}, 120_000);
afterAll(() => platform.close());

it('[risk.assessments.states] [risk.limits.polling] fails the assessment when a step fails on every attempt, says to stop polling, and reopens', async () => {
  const id = (await api.create({ subjects: [organization({ name: 'Qzxv Unreachable Screening GmbH' })] })).body.result.assessment
    .assessment_id;
  const draft = await api.summary(id);
  expect({ interval: draft.body.result.summary.recommended_poll_interval_seconds, header: draft.headers.get('retry-after') }).toEqual({
    interval: 30,
    header: '30',
  });

  expect((await api.start(id)).body.result.assessment.status).toBe('running');
  // The screening step is retried with a back-off of seconds, so the agent is still at work here.
  const running = await api.summary(id);
  expect(running.body.result.summary.status).toBe('running');
  expect({ interval: running.body.result.summary.recommended_poll_interval_seconds, header: running.headers.get('retry-after') }).toEqual({
    interval: 10,
    header: '10',
  });

  const failed = await api.waitFor(id, ['failed'], 60_000);
  expect(failed.body.result.summary).toMatchObject({
    status: 'failed',
    recommended_poll_interval_seconds: null,
    latest_run: { status: 'failed', error: expect.stringMatching(/^step screen:subj_\w+: subgraph unreachable/) },
  });
  expect(failed.headers.get('retry-after')).toBeNull();

  const events = (await api.trajectory(id)).body.result.events as { type: string; data: { from?: string; to?: string }; message: string }[];
  const moves = events.filter((e) => e.type === 'status_changed').map((e) => `${e.data.from}>${e.data.to}`);
  expect(moves).toEqual(['draft>running', 'running>failed']);
  expect(events.at(-1)!.message).toContain(`after ${MAX_STEP_FAILURES} attempts`);
  // The registration check before the failing step is kept; nothing after it ran.
  expect(events.map((e) => e.type)).toContain('registration_checked');
  expect(events.map((e) => e.type)).not.toContain('jurisdictions_checked');

  // failed is final for the agent: commands that would run it are refused; reopen then start again.
  const resume = await api.command(id, { type: 'resume' });
  expect({ status: resume.status, code: resume.body.error.code }).toEqual({ status: 409, code: 'assessment_invalid_transition' });
  expect((await api.call('POST', `/assessments/${id}/reopen`, { reason: 'screening is back' })).body.result.assessment.status).toBe(
    'reopened',
  );
}, 90_000);
