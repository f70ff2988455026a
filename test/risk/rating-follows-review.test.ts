// The client risk rating follows the review of its risks: marking the sanctions risk a false
// positive rates the client again from the risks still active, and the JSON result and the PDF
// report name the risk set aside with the reviewer's note instead of explaining the rating by it.
import { auth, createTestTenant, graphql, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { pdfText } from './pdf-text';
import { BASE, loadUnList, organization, riskClient, UN_LISTED_PERSON } from './risk-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let api: ReturnType<typeof riskClient>;

beforeAll(async () => {
  platform = await startTestPlatform({
    services: ['profiles', 'idv', 'screening', 'risk', 'gateway', 'rest-adapter', 'worker'],
    isolatedDatabase: true,
  });
  tenant = await createTestTenant(platform, { riskAssessments: true });
  api = riskClient(platform, tenant.apiKey);
  await loadUnList(platform);
}, 120_000);
afterAll(() => platform.close());

const RATINGS = `query($id: ID!) { riskAssessment(id: $id) { clientRiskRatings { rating score explanation
  factors { riskId } setAside { riskId title severity category status note } } } }`;

it('[risk.ratings.follow-review] rates again from the active risks when a risk is set aside, and says which and why in the JSON and the PDF', async () => {
  const created = await api.create({
    title: 'KYB Harbour Lights review',
    subjects: [organization({ persons: [{ name: UN_LISTED_PERSON, role: 'director' }] })],
  });
  const id = created.body.result.assessment.assessment_id;
  const runId = (await api.start(id, 'new client')).body.result.run.run_id;
  await api.waitFor(id, ['waiting_for_user']);
  await api.command(id, { type: 'input', run_id: runId, message: 'Same name only; our director was born in 1980 in Hamburg.' });
  await api.waitFor(id, ['ready_for_review']);
  const before = (await api.tasks(id)).body.result.client_risk_ratings[0];
  expect(before).toMatchObject({ rating: 'prohibited', set_aside: [], explanation: expect.stringContaining('critical sanctions') });
  // The listed person and the relatives listed under similar names: one critical sanctions risk each.
  const sanctions: { risk_id: string; title: string }[] = (await api.get(id)).body.result.assessment.risks.filter(
    (risk: { category: string; severity: string }) => risk.category === 'sanctions' && risk.severity === 'critical',
  );
  expect(sanctions.length).toBeGreaterThan(0);
  expect(before.factors.map((f: { risk_id: string }) => f.risk_id)).toEqual(expect.arrayContaining(sanctions.map((r) => r.risk_id)));

  // Through GraphQL: the rating follows the change at once.
  const note = 'Different person: our director was born in 1980 in Hamburg';
  const headers = auth.apiKey(tenant.apiKey);
  const [first] = sanctions;
  const changed = await graphql(
    platform,
    headers,
    'mutation($id: ID!, $riskId: ID!, $input: UpdateAssessmentRiskInput!) { updateAssessmentRisk(id: $id, riskId: $riskId, input: $input) { status } }',
    { id, riskId: first.risk_id, input: { status: 'false_positive', note } },
  );
  expect(changed.body.data.updateAssessmentRisk.status).toBe('false_positive');
  const viaGraphql = (await graphql(platform, headers, RATINGS, { id })).body.data.riskAssessment.clientRiskRatings[0];
  expect(viaGraphql.factors.map((f: { riskId: string }) => f.riskId)).not.toContain(first.risk_id);
  expect(viaGraphql.score).toBeLessThan(before.score);
  expect(viaGraphql.explanation).toContain(`${first.title} (false_positive: ${note})`);
  expect(viaGraphql.setAside).toEqual([
    { riskId: first.risk_id, title: first.title, severity: 'critical', category: 'sanctions', status: 'false_positive', note },
  ]);

  // Through REST: reactivated, it scores again; every sanctions risk set aside, the rating no longer
  // rests on sanctions and the JSON result names each risk set aside with its note.
  await api.call('PATCH', `/assessments/${id}/risks/${first.risk_id}`, { status: 'active', note: 'second look' });
  const reactivated = (await api.tasks(id)).body.result.client_risk_ratings[0];
  expect(reactivated).toMatchObject({ rating: 'prohibited', score: before.score, set_aside: [] });
  for (const risk of sanctions)
    expect((await api.call('PATCH', `/assessments/${id}/risks/${risk.risk_id}`, { status: 'false_positive', note })).status).toBe(200);
  const after = (await api.get(id)).body.result.assessment.client_risk_ratings[0];
  expect(after.rating).not.toBe('prohibited');
  expect(after.explanation).not.toContain('sanctions:');
  expect(after.explanation).not.toContain('active critical sanctions risk');
  expect(after.set_aside).toEqual(
    sanctions.map((risk) => ({
      risk_id: risk.risk_id,
      title: risk.title,
      severity: 'critical',
      category: 'sanctions',
      status: 'false_positive',
      note,
    })),
  );
  expect((await api.summary(id)).body.result.summary.client_risk_rating_counts.prohibited).toBe(0);
  const rated = (await api.trajectory(id, '?sort_direction=desc&limit=1')).body.result.events[0];
  expect(rated).toMatchObject({ type: 'client_rated', data: { rating: after.rating, score: after.score } });

  expect((await api.call('POST', `/assessments/${id}/conclude`, { decision: 'approved', note: 'false positive' })).status).toBe(200);
  const report = await fetch(`${platform.restUrl}${BASE}/assessments/${id}/report`, {
    headers: { Authorization: `Api-Key ${tenant.apiKey}` },
  });
  expect(report.status).toBe(200);
  // Lines joined; a name hyphen at a line end is not followed by a space.
  const text = pdfText(Buffer.from(await report.arrayBuffer()))
    .replace(/\s+/g, ' ')
    .replace(/- /g, '-');
  expect(text).not.toContain('PROHIBITED');
  expect(text).not.toContain('active critical sanctions risk');
  expect(text).toContain(`Overall: ${after.rating.toUpperCase()}`);
  expect(text).toContain(`Risks set aside by review (${sanctions.length})`);
  expect(text).toContain(`${first.title}: false positive. Reason: ${note}`);
}, 120_000);
