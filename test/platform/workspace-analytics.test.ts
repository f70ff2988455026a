// The console's analytics in one GraphQL query through the gateway (workspaceAnalytics: profiles
// owns the entity, screening and IDV add their figures): every figure of a seeded workspace equals
// its hand count, another workspace's data never leaks in, a viewer may read it, and a bad range is
// refused with analytics_range_invalid (400). Screenings, reviews and sessions go through the public
// surfaces; their timestamps are then moved into the past with SQL so the times are exact, and the
// monitoring alerts and the four-eyes proposal (raised by runs and policies this file does not
// start) are seeded as rows.
import { isoWeekLabel, isoWeekStart } from '../../lib/analytics/range';
import {
  auth,
  createDashboardToken,
  createSiblingWorkspace,
  createTestTenant,
  graphql,
  request,
  startTestPlatform,
  TestPlatform,
  TestTenant,
} from '../helpers/test-platform';
import { createProfile, createSession, driveTo } from '../idv/idv-helpers';
import { importList, UN_XML, versionsOf, waitForIndex } from '../screening/screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let sibling: TestTenant;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const today = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()));
/** `hours` past 00:00 UTC of the day `days` before today (always in the past for days >= 1). */
const at = (days: number, hours: number) => new Date(today.getTime() - days * DAY + hours * HOUR);
const RANGE = { from: new Date(today.getTime() - 13 * DAY).toISOString(), to: new Date(today.getTime() + DAY).toISOString() };

const ANALYTICS = `query ($input: WorkspaceAnalyticsInput!) {
  workspaceAnalytics(input: $input) {
    workspaceId from to
    screeningDays { day screenings screeningsWithMatches monitoringAlerts }
    matchReviewWeeks { weekStart isoWeek reviewed truePositives falsePositives falsePositiveRate }
    matchDecisionTime { decisions medianSeconds }
    alertDecisionTime { decisions medianSeconds }
    idvOutcomeWeeks { weekStart isoWeek assessed automaticPass sentToReview rejected }
    idvDecisionTime { decisions medianSeconds }
    matchReviewQueue { waiting oldestSeconds medianSeconds }
    monitoringAlertQueue { waiting oldestSeconds medianSeconds }
    idvReviewQueue { waiting oldestSeconds medianSeconds }
    fourEyesQueue { waiting oldestSeconds medianSeconds }
  }
}`;

beforeAll(async () => {
  // No worker: nothing here waits for a job (like startScreeningWithUnList, on the worker's database).
  platform = await startTestPlatform({ services: ['profiles', 'idv', 'screening', 'gateway', 'rest-adapter'] });
  tenant = await createTestTenant(platform);
  sibling = await createSiblingWorkspace(platform, tenant);
  await waitForIndex(platform.urls.screening!, versionsOf(await importList(platform, 'un_xml', UN_XML)));
}, 300_000);
afterAll(() => platform.close());

async function searchSync(who: TestTenant, name: string, threshold = 0.5) {
  const response = await request(platform.restUrl, 'POST', '/v1/search-sync', {
    headers: auth.xApiKey(who.apiKey),
    body: { type: 'individual', name, threshold },
  });
  expect(response.status).toBe(200);
  return response.body.result as { searchId: string; results: { id: string }[] };
}

/** Moves a sync search (its request; the searchId is the request id) to `when`. */
async function backdateSearch(searchId: string, when: Date) {
  const moved = await platform.db.$executeRawUnsafe(
    `UPDATE screening.search_requests SET created_at = $1::timestamp WHERE id = $2`,
    when,
    searchId,
  );
  expect(moved).toBe(1);
}

async function seedAlert(who: TestTenant, id: string, createdAt: Date, acknowledgedAt?: Date) {
  await platform.db.monitoringAlert.create({
    data: {
      id,
      tenantId: who.tenantId,
      workspaceId: who.workspaceId,
      profileId: `prf_${id}`,
      runId: `run_${id}`,
      trigger: 'delta',
      searchId: `srch_${id}`,
      matchCount: 1,
      entityRefs: ['un:1'],
      createdAt,
      ...(acknowledgedAt ? { status: 'acknowledged', acknowledgedAt, acknowledgedBy: 'usr_analytics' } : {}),
    },
  });
}

it('answers every figure of the seeded workspace as counted by hand, and nothing of another workspace', async () => {
  const reviewer = await createDashboardToken(platform, tenant, 'analytics-reviewer@example.com', 'reviewer');
  const viewer = await createDashboardToken(platform, tenant, 'analytics-viewer@example.com', 'viewer');
  const asReviewer = { Authorization: `Bearer ${reviewer.token}` };

  // Screenings: two names with matches (three days and two days ago), one without (two days ago).
  const first = await searchSync(tenant, 'Ibrahim Hassan al-Tikriti');
  const second = await searchSync(tenant, 'Huda Salih Mahdi Ammash');
  const none = await searchSync(tenant, 'Quillon Varnaby Osterhuit', 0.99);
  expect(first.results.length).toBeGreaterThan(0);
  expect(second.results.length).toBeGreaterThan(0);
  expect(none.results).toHaveLength(0);
  await backdateSearch(first.searchId, at(3, 10));
  await backdateSearch(second.searchId, at(2, 10));
  await backdateSearch(none.searchId, at(2, 11));

  // Reviews: the first match of each search, true then false positive, decided 2 h and 4 h after
  // the match was stored; every other match waits, stored a day ago at 10:00.
  const review = async (id: string, reviewStatus: string) => {
    const response = await graphql(
      platform,
      asReviewer,
      'mutation ($id: ID!, $input: ReviewScreeningMatchInput!) { reviewScreeningMatch(id: $id, input: $input) { reviewStatus } }',
      { id, input: { reviewStatus } },
    );
    expect(response.body.errors).toBeUndefined();
  };
  const truePositive = first.results[0].id;
  const falsePositive = second.results[0].id;
  await review(truePositive, 'true_positive');
  await review(falsePositive, 'false_positive');
  const decided = [
    { id: truePositive, stored: at(3, 10), reviewed: at(3, 12) },
    { id: falsePositive, stored: at(2, 10), reviewed: at(2, 14) },
  ];
  for (const match of decided) {
    await platform.db.$executeRawUnsafe(
      `UPDATE screening.search_matches SET created_at = $2::timestamp, reviewed_at = $3::timestamp WHERE id = $1`,
      match.id,
      match.stored,
      match.reviewed,
    );
    await platform.db.$executeRawUnsafe(
      `UPDATE screening.match_reviews SET created_at = $2::timestamp WHERE match_id = $1`,
      match.id,
      match.reviewed,
    );
  }
  const waitingMatches = first.results.length + second.results.length - 2;
  await platform.db.$executeRawUnsafe(
    `UPDATE screening.search_matches SET created_at = $3::timestamp WHERE tenant_id = $1 AND workspace_id = $2 AND review_status = 'unresolved'`,
    tenant.tenantId,
    tenant.workspaceId,
    at(1, 10),
  );

  // Monitoring alerts: one open (three days ago), two acknowledged after 1 h and 3 h.
  const stamp = Date.now().toString(36);
  await seedAlert(tenant, `mal_open_${stamp}`, at(3, 9));
  await seedAlert(tenant, `mal_ack1_${stamp}`, at(2, 9), at(2, 10));
  await seedAlert(tenant, `mal_ack3_${stamp}`, at(1, 9), at(1, 12));

  // IDV: an automatic pass, a session a reviewer rejected 6 h after its assessment, one waiting.
  const profileId = await createProfile(platform, tenant);
  const passed = await createSession(platform, tenant, { profile_id: profileId });
  const rejected = await createSession(platform, tenant, { profile_id: profileId });
  const waiting = await createSession(platform, tenant, { profile_id: profileId });
  await driveTo(platform, tenant, passed.id, 'automatic_pass');
  await driveTo(platform, tenant, rejected.id, 'requires_review');
  await driveTo(platform, tenant, waiting.id, 'requires_review');
  const decision = await graphql(
    platform,
    asReviewer,
    'mutation ($id: ID!, $input: DecideVerificationSessionInput!) { decideVerificationSession(id: $id, input: $input) { reviewStatus } }',
    { id: rejected.id, input: { status: 'rejected', note: 'Document photo does not match the selfie' } },
  );
  expect(decision.body.errors).toBeUndefined();
  const sessionTimes = [
    { id: passed.id, assessed: at(3, 10), reviewed: null },
    { id: rejected.id, assessed: at(2, 10), reviewed: at(2, 16) },
    { id: waiting.id, assessed: at(1, 10), reviewed: null },
  ];
  for (const session of sessionTimes)
    await platform.db.$executeRawUnsafe(
      `UPDATE idv.sessions SET assessed_at = $2::timestamp, reviewed_at = $3::timestamp WHERE id = $1`,
      session.id,
      session.assessed,
      session.reviewed,
    );

  // A four-eyes proposal waiting since yesterday 08:00.
  await platform.db.fourEyesProposal.create({
    data: {
      id: `fep_analytics_${stamp}`,
      tenantId: tenant.tenantId,
      workspaceId: tenant.workspaceId,
      kind: 'MATCH_REVIEW',
      objectType: 'screening.match',
      objectId: truePositive,
      decision: { review_status: 'false_positive' },
      fingerprint: 'f',
      proposedBy: reviewer.userId,
      proposedAt: at(1, 8),
      expiresAt: new Date(Date.now() + DAY),
    },
  });

  // Another workspace's screening, session and alert, all inside the range: never counted above.
  await searchSync(sibling, 'Ibrahim Hassan al-Tikriti');
  const theirSession = await createSession(platform, sibling, { profile_id: await createProfile(platform, sibling) });
  await driveTo(platform, sibling, theirSession.id, 'automatic_pass');
  await seedAlert(sibling, `mal_sibling_${stamp}`, at(2, 9));

  // The viewer reads it (the least role).
  const before = Date.now();
  const response = await graphql(platform, { Authorization: `Bearer ${viewer.token}` }, ANALYTICS, { input: RANGE });
  const after = Date.now();
  expect(response.body.errors).toBeUndefined();
  const figures = response.body.data.workspaceAnalytics;
  expect(figures).toMatchObject({ workspaceId: tenant.workspaceId, from: RANGE.from, to: RANGE.to });

  // Days: 14, zeros included; the three seeded days as counted.
  const days = figures.screeningDays as { day: string; screenings: number; screeningsWithMatches: number; monitoringAlerts: number }[];
  expect(days).toHaveLength(14);
  const dayOf = (daysAgo: number) => days.find((day) => day.day === at(daysAgo, 0).toISOString());
  expect(dayOf(3)).toEqual({ day: at(3, 0).toISOString(), screenings: 1, screeningsWithMatches: 1, monitoringAlerts: 1 });
  expect(dayOf(2)).toEqual({ day: at(2, 0).toISOString(), screenings: 2, screeningsWithMatches: 1, monitoringAlerts: 1 });
  expect(dayOf(1)).toEqual({ day: at(1, 0).toISOString(), screenings: 0, screeningsWithMatches: 0, monitoringAlerts: 1 });
  expect(days.reduce((sum, day) => sum + day.screenings, 0)).toBe(3);
  expect(days.reduce((sum, day) => sum + day.monitoringAlerts, 0)).toBe(3);

  // Weeks: the ISO weeks of the two reviews (the same week or two).
  const weekOf = (when: Date) => isoWeekStart(when).toISOString();
  const weeks = figures.matchReviewWeeks as {
    weekStart: string;
    isoWeek: string;
    reviewed: number;
    truePositives: number;
    falsePositives: number;
  }[];
  expect(weeks[0].weekStart).toBe(weekOf(new Date(RANGE.from)));
  const reviewedIn = (week: string) => weeks.find((row) => row.weekStart === week)!;
  if (weekOf(at(3, 12)) === weekOf(at(2, 14))) {
    expect(reviewedIn(weekOf(at(3, 12)))).toEqual({
      weekStart: weekOf(at(3, 12)),
      isoWeek: isoWeekLabel(isoWeekStart(at(3, 12))),
      reviewed: 2,
      truePositives: 1,
      falsePositives: 1,
      falsePositiveRate: 0.5,
    });
  } else {
    expect(reviewedIn(weekOf(at(3, 12)))).toMatchObject({ reviewed: 1, truePositives: 1, falsePositives: 0, falsePositiveRate: 0 });
    expect(reviewedIn(weekOf(at(2, 14)))).toMatchObject({ reviewed: 1, truePositives: 0, falsePositives: 1, falsePositiveRate: 1 });
  }
  expect(
    weeks.filter((row) => row.reviewed === 0).every((row) => (row as { falsePositiveRate?: unknown }).falsePositiveRate === null),
  ).toBe(true);

  // Decision times: medians of (2 h, 4 h), (1 h, 3 h) and the one 6 h review.
  expect(figures.matchDecisionTime).toEqual({ decisions: 2, medianSeconds: 3 * 3600 });
  expect(figures.alertDecisionTime).toEqual({ decisions: 2, medianSeconds: 2 * 3600 });
  expect(figures.idvDecisionTime).toEqual({ decisions: 1, medianSeconds: 6 * 3600 });

  // IDV outcomes by the week of assessment.
  const outcomes = figures.idvOutcomeWeeks as {
    weekStart: string;
    assessed: number;
    automaticPass: number;
    sentToReview: number;
    rejected: number;
  }[];
  const total = (key: 'assessed' | 'automaticPass' | 'sentToReview' | 'rejected') => outcomes.reduce((sum, week) => sum + week[key], 0);
  expect({
    assessed: total('assessed'),
    automaticPass: total('automaticPass'),
    sentToReview: total('sentToReview'),
    rejected: total('rejected'),
  }).toEqual({
    assessed: 3,
    automaticPass: 1,
    sentToReview: 2,
    rejected: 1,
  });
  expect(outcomes.find((week) => week.weekStart === weekOf(at(3, 10)))!.automaticPass).toBe(1);
  expect(outcomes.find((week) => week.weekStart === weekOf(at(2, 10)))!.rejected).toBe(1);

  // Queue ages, measured while the query ran.
  const ageBetween = (since: Date) => [Math.floor((before - since.getTime()) / 1000) - 1, Math.ceil((after - since.getTime()) / 1000) + 1];
  const expectAge = (
    queue: { waiting: number; oldestSeconds: number; medianSeconds: number },
    waitingNow: number,
    oldest: Date,
    median: Date,
  ) => {
    expect(queue.waiting).toBe(waitingNow);
    const [oldestLow, oldestHigh] = ageBetween(oldest);
    const [medianLow, medianHigh] = ageBetween(median);
    expect(queue.oldestSeconds).toBeGreaterThanOrEqual(oldestLow);
    expect(queue.oldestSeconds).toBeLessThanOrEqual(oldestHigh);
    expect(queue.medianSeconds).toBeGreaterThanOrEqual(medianLow);
    expect(queue.medianSeconds).toBeLessThanOrEqual(medianHigh);
  };
  expectAge(figures.matchReviewQueue, waitingMatches, at(1, 10), at(1, 10));
  expectAge(figures.monitoringAlertQueue, 1, at(3, 9), at(3, 9));
  expectAge(figures.idvReviewQueue, 1, at(1, 10), at(1, 10));
  expectAge(figures.fourEyesQueue, 1, at(1, 8), at(1, 8));

  // The other workspace sees its own figures only.
  const theirs = await graphql(platform, auth.apiKey(sibling.apiKey), ANALYTICS, { input: RANGE });
  expect(theirs.body.errors).toBeUndefined();
  const their = theirs.body.data.workspaceAnalytics;
  expect(their.workspaceId).toBe(sibling.workspaceId);
  expect((their.screeningDays as { screenings: number }[]).reduce((sum, day) => sum + day.screenings, 0)).toBe(1);
  expect((their.screeningDays as { monitoringAlerts: number }[]).reduce((sum, day) => sum + day.monitoringAlerts, 0)).toBe(1);
  expect((their.idvOutcomeWeeks as { automaticPass: number }[]).reduce((sum, week) => sum + week.automaticPass, 0)).toBe(1);
  expect(their.matchDecisionTime).toEqual({ decisions: 0, medianSeconds: null });
  expect(their.idvReviewQueue).toEqual({ waiting: 0, oldestSeconds: null, medianSeconds: null });
  expect(their.fourEyesQueue).toEqual({ waiting: 0, oldestSeconds: null, medianSeconds: null });
}, 180_000);

it('refuses a range that is not ordered or spans more than 366 days with analytics_range_invalid (400)', async () => {
  const ask = (input: { from: string; to: string }) =>
    graphql(
      platform,
      auth.apiKey(tenant.apiKey),
      `
        query ($input: WorkspaceAnalyticsInput!) {
          workspaceAnalytics(input: $input) {
            from
            screeningDays {
              day
            }
          }
        }
      `,
      {
        input,
      },
    );
  const inverted = await ask({ from: '2026-03-01T00:00:00Z', to: '2026-02-01T00:00:00Z' });
  expect(inverted.body.data).toBeNull();
  expect(inverted.body.errors[0]).toMatchObject({
    message: 'to: must be after from',
    extensions: { code: 'analytics_range_invalid', field: 'to', http: { status: 400 } },
  });
  const tooLong = await ask({ from: '2025-01-01T00:00:00Z', to: '2026-01-03T00:00:00Z' });
  expect(tooLong.body.errors[0].extensions).toMatchObject({ code: 'analytics_range_invalid', field: 'to', http: { status: 400 } });
  // 366 days exactly is the longest range.
  const longest = await ask({ from: '2025-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' });
  expect(longest.body.errors).toBeUndefined();
  expect(longest.body.data.workspaceAnalytics.screeningDays).toHaveLength(366);
});
