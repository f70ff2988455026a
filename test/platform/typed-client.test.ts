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
  ProfileDetailDocument,
  ProfileListDocument,
  ReviewerQueueDocument,
  ReviewSessionDocument,
  ThemesDocument,
} from '../typed-client/dashboard-types.generated';

const GENERATOR = path.resolve(__dirname, '../typed-client/generate-dashboard-types.ts');
const GENERATED_PATH = path.resolve(__dirname, '../typed-client/dashboard-types.generated.ts');

describe('typed documents of the dashboard', () => {
  it('generate from the composed API, and the committed types are current', async () => {
    // On failure: npm run schema:client-types, review the diff and commit it. (graphql-codegen is
    // ES modules, which jest cannot load on Node 20: it runs in its own process.)
    const tsx = path.resolve(__dirname, '../../node_modules/.bin/tsx');
    const { stdout } = await promisify(execFile)(tsx, [GENERATOR, '--stdout'], { maxBuffer: 16 * 1024 * 1024 });
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
    const reviewer = await createDashboardToken(platform, tenant, 'typed-client@example.com');
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
      { id: session.id, reviewStatus: 'requires_review', flagCategories: ['document'], assignee: null, submittedAt: expect.any(String), profile: { id: profileId, name: 'Typed Client', email: 'typed@example.com' } },
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

  it('refuses a value outside an enum with schema_validation_failed naming the field', async () => {
    const run = typedClient(platform.gatewayUrl, auth.apiKey(tenant.apiKey));
    // A client compiled against an older schema could still send an unknown value.
    const error = await run(ReviewerQueueDocument, { statuses: ['bogus' as never] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect((error as GraphQLRequestError).errors[0].extensions).toMatchObject({ code: 'schema_validation_failed', field: 'statuses.0' });
  });
});
