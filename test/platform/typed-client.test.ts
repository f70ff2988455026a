// The dashboard's main operations as graphql-codegen typed documents: generated from the composed
// API (an operation that does not fit the schema fails generation), committed so that
// `npm run typecheck` compiles the typed client, and run here against a live platform.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse, validate } from 'graphql';
import { composeApiSchema } from '../../gateway/supergraph';
import { EXAMPLE_OPERATIONS } from '../../gateway/playground/example-operations';
import { playgroundHtml } from '../../gateway/playground/playground-page';
import { auth, createDashboardToken, TestPlatform, TestTenant } from '../helpers/test-platform';
import { createSession, driveTo, newTenant, startIdvPlatform } from '../idv/idv-helpers';
import { GraphQLRequestError, typedClient } from '../typed-client/dashboard-client';
import {
  CreateProfileDocument,
  CreateSessionDocument,
  CreateWorkflowDocument,
  SessionDetailDocument,
  SessionResultsDocument,
  ProfileDetailDocument,
  ProfileListDocument,
  ReviewerQueueDocument,
  ReviewSessionDocument,
  ThemesDocument,
} from '../typed-client/dashboard-types.generated';

const CODEGEN = path.resolve(__dirname, '../../tools/codegen/main.ts');
const GENERATED_PATH = path.resolve(__dirname, '../typed-client/dashboard-types.generated.ts');

describe('typed documents of the dashboard', () => {
  it('generate from the composed API, and the committed types are current', async () => {
    // On failure: npm run codegen, review the diff and commit it. (graphql-codegen is ES modules,
    // which jest cannot load on Node 20: it runs in its own process.)
    const tsx = path.resolve(__dirname, '../../node_modules/.bin/tsx');
    const { stdout } = await promisify(execFile)(
      tsx,
      [CODEGEN, '--stdout', path.relative(path.resolve(__dirname, '../..'), GENERATED_PATH)],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    expect(stdout).toBe(fs.readFileSync(GENERATED_PATH, 'utf8'));
  }, 180_000); // a child process composing the schema: slow on a busy machine

  it('the playground examples are valid operations of the composed API', () => {
    const schema = composeApiSchema();
    for (const example of EXAMPLE_OPERATIONS) {
      expect([example.title, validate(schema, parse(example.query)).map((error) => error.message)]).toEqual([example.title, []]);
    }
  });

  it('the playground opens with the examples as tabs and the API-key header', () => {
    const html = playgroundHtml('/graphql', 'vgl_demo_key');
    expect(html).toContain('Api-Key vgl_demo_key');
    for (const example of EXAMPLE_OPERATIONS) expect(html).toContain(JSON.stringify(example.query).replace(/</g, '\\u003c'));
    expect(playgroundHtml('/graphql')).toContain('Api-Key \\u003cyour API key>');
  });
});

describe('the typed client against a live platform', () => {
  let platform: TestPlatform;
  let tenant: TestTenant;

  beforeAll(async () => {
    platform = await startIdvPlatform();
    tenant = await newTenant(platform);
  });
  afterAll(() => platform.close());

  it('runs the dashboard screens: create and list profiles, the reviewer queue, a decision, the profile detail', async () => {
    const reviewer = await createDashboardToken(platform, tenant, 'typed-client@example.com', 'reviewer');
    const run = typedClient(platform.gatewayUrl, auth.bearer(reviewer.token));

    const created = await run(CreateProfileDocument, {
      input: { name: 'Typed Client', kind: 'individual', email: 'typed@example.com', profileCustomFields: [] },
    });
    expect(created.createProfile).toMatchObject({ name: 'Typed Client', status: 'not_screened', profileCustomFields: null });
    expect(new Date(created.createProfile.createdAt).toISOString()).toBe(created.createProfile.createdAt);

    const firstPage = await run(ProfileListDocument, { first: 1 });
    expect(firstPage.profiles.nodes.map((p) => p.id)).toEqual([created.createProfile.id]);
    expect(firstPage.profiles).toMatchObject({ totalCount: 1, pageInfo: { hasNextPage: false, endCursor: null } });

    const profileId = created.createProfile.id;
    const session = await createSession(platform, tenant, { profile_id: profileId, workflow: 'id_only' });
    await driveTo(platform, tenant, session.id, 'requires_review');

    const queue = await run(ReviewerQueueDocument, { statuses: ['requires_review'] });
    expect(queue.idvReviewQueue.nodes).toEqual([
      {
        id: session.id,
        reviewStatus: 'requires_review',
        flagCategories: ['document'],
        assignee: null,
        submittedAt: expect.any(String),
        profile: { id: profileId, name: 'Typed Client', email: 'typed@example.com' },
      },
    ]);

    const decided = await run(ReviewSessionDocument, { id: session.id, input: { status: 'accepted', note: 'documents match' } });
    expect(decided.reviewVerificationSession).toMatchObject({ id: session.id, reviewStatus: 'accepted' });
    expect((await run(ReviewerQueueDocument, {})).idvReviewQueue.nodes).toEqual([]);

    const detail = await run(ProfileDetailDocument, { id: profileId });
    expect(detail.profile?.verificationSessions).toEqual([
      expect.objectContaining({ id: session.id, status: 'assessed', reviewStatus: 'accepted', flagCategories: ['document'] }),
    ]);
    expect(detail.profileComments).toEqual({ nodes: [], totalCount: 0 });

    expect((await run(ThemesDocument, { status: 'active' })).idvThemes.nodes).toEqual([]);
  });

  it('runs the verification screens: a workflow, a session from it, its typed detail, the audited results and the review trail', async () => {
    // Creates a workflow (a setting) and decides: an admin.
    const reviewer = await createDashboardToken(platform, tenant, 'typed-sessions@example.com', 'admin');
    const run = typedClient(platform.gatewayUrl, auth.bearer(reviewer.token));
    const profile = await run(CreateProfileDocument, { input: { name: 'Typed Session', kind: 'individual', profileCustomFields: [] } });

    const workflow = await run(CreateWorkflowDocument, {
      input: {
        name: 'Passport only',
        status: 'active',
        flagSettings: [{ code: 'face_mismatch', action: 'review' }],
        steps: [
          { stepId: 'consent', type: 'consent' },
          { stepId: 'passport', type: 'id_capture', config: { acceptedIdTypes: ['passport'] } },
        ],
      },
    });
    expect(workflow.createIdvWorkflow).toMatchObject({
      status: 'active',
      preset: null,
      flagSettings: [{ code: 'face_mismatch', action: 'review' }],
    });

    const created = await run(CreateSessionDocument, {
      input: { profileId: profile.createProfile.id, workflowId: workflow.createIdvWorkflow.id },
    });
    const { session } = created.createVerificationSession;
    expect(session).toMatchObject({
      status: 'collecting_artifacts',
      reviewStatus: 'request_sent',
      captureManifest: {
        workflow: 'custom',
        requiredKinds: ['id_front'],
        idCapture: { acceptedIdTypes: ['passport'], captureSides: 'one' },
      },
    });

    // The assessment's outcome as the assessment job records it (sealed with the session).
    await driveTo(platform, tenant, session.id, 'requires_review', {
      flagCategories: ['idv'],
      results: {
        document: { type: 'passport', issuing_country: 'UTO', issuing_subdivision: null, confidence: 0.95 },
        ocr_fields: [{ field: 'surname', value: 'ERIKSSON', confidence: 0.95 }],
        mismatches: [{ field: 'face', profile_value: null, document_value: null, detail: 'selfie and document portrait similarity 0.31' }],
        checks: [
          { check: 'mrz', outcome: 'pass', reason_code: 'mrz_valid', category: 'document' },
          { check: 'face_match', outcome: 'fail', reason_code: 'face_mismatch', category: 'idv', score: 0.31 },
        ],
      },
    });
    const results = (await run(SessionResultsDocument, { id: session.id })).verificationSessionData;
    expect(results).toMatchObject({
      resultsAvailable: true,
      document: { type: 'passport', issuingCountry: 'UTO', confidence: 0.95 },
      ocrFields: [{ field: 'surname', value: 'ERIKSSON' }],
      mismatches: [{ field: 'face', profileValue: null, documentValue: null }],
      checks: [
        { check: 'mrz', outcome: 'pass', reasonCode: 'mrz_valid', category: 'document', score: null },
        { check: 'face_match', outcome: 'fail', reasonCode: 'face_mismatch', category: 'idv', score: 0.31 },
      ],
    });
    expect(new Date(results.assessedAt!).toISOString()).toBe(results.assessedAt);

    await run(ReviewSessionDocument, { id: session.id, input: { status: 'rejected', note: 'no match' } });
    const detail = (await run(SessionDetailDocument, { id: session.id })).verificationSession!;
    expect(detail).toMatchObject({
      reviewStatus: 'rejected',
      flagSettings: [{ code: 'face_mismatch', action: 'review' }],
      consentEvidence: null,
      reviewHistory: [{ from: 'requires_review', status: 'rejected', note: 'no match', actor: { kind: 'dashboard_user' } }],
      workflowRef: { workflowId: workflow.createIdvWorkflow.id, name: 'Passport only', source: 'workflow_id' },
      themeRef: { source: 'default', themeId: null },
    });
    expect(detail.stepManifest.steps.map((step) => [step.stepId, step.type, step.config.acceptedIdTypes])).toEqual([
      ['consent', 'consent', null],
      ['passport', 'id_capture', ['passport']],
    ]);
    expect(detail.artifacts).toEqual([]);
    expect(new Date(detail.deleteAfter).getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a value outside an enum with schema_validation_failed naming the field', async () => {
    const run = typedClient(platform.gatewayUrl, auth.apiKey(tenant.apiKey));
    // A client compiled against an older schema could still send an unknown value.
    const error = await run(ReviewerQueueDocument, { statuses: ['bogus' as never] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect((error as GraphQLRequestError).errors[0].extensions).toMatchObject({ code: 'schema_validation_failed', field: 'statuses.0' });
  });
});
