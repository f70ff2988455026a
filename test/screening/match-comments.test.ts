// Match review shows the analysts' comments of kind match (profiles domain) on each stored match:
// GET /v2/search/matches and GraphQL ScreeningMatch.comments, resolved by the profiles subgraph
// through federation (screening never reads the profiles tables).
import { auth, graphql, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { startScreeningWithUnList } from './screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let sibling: TestTenant;

beforeAll(async () => {
  ({ platform, tenant, sibling } = await startScreeningWithUnList());
});
afterAll(() => platform.close());

const key = () => auth.xApiKey(tenant.apiKey);
const comment = (profileId: string, body: unknown, apiKey = tenant.apiKey) =>
  request(platform.restUrl, 'POST', `/clm/v1/profiles/${profileId}/comments`, { headers: auth.xApiKey(apiKey), body });
const newProfile = async (apiKey: string) =>
  (
    await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
      headers: auth.xApiKey(apiKey),
      body: { name: 'Huda Ammash', kind: 'individual' },
    })
  ).body.result.profile.id as string;

describe('comments on stored matches', () => {
  it("lists the comments of kind match per match, oldest first, and only the workspace's own", async () => {
    const profileId = await newProfile(tenant.apiKey);
    const searched = await request(platform.restUrl, 'POST', '/v1/search-sync', {
      headers: key(),
      body: { type: 'individual', name: 'Ibrahim Hassan al-Tikriti', profile_id: profileId, threshold: 0.5 },
    });
    const matchIds = (searched.body.result.results as { id: string }[]).map((m) => m.id);
    expect(matchIds.length).toBeGreaterThanOrEqual(2);
    const [first, second] = matchIds;

    const a = await comment(profileId, { text: 'same DOB as the listed entry', kind: 'match', matchId: first });
    const b = await comment(profileId, { text: 'checked the passport', kind: 'match', matchId: first });
    const c = await comment(profileId, { text: 'other person', kind: 'match', matchId: second });
    await comment(profileId, { text: 'a note on the profile itself', kind: 'profile' });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    // The same match id written in another workspace never shows here.
    const theirProfile = await newProfile(sibling.apiKey);
    expect((await comment(theirProfile, { text: 'foreign note', kind: 'match', matchId: first }, sibling.apiKey)).status).toBe(201);

    const stored = await request(platform.restUrl, 'GET', `/v2/search/matches?request_id=${searched.body.result.searchId}`, {
      headers: key(),
    });
    expect(stored.status).toBe(200);
    const byId = new Map((stored.body.result.matches as { id: string; comments: unknown[] }[]).map((m) => [m.id, m.comments]));
    expect(byId.get(first)).toEqual([a.body.result.comment, b.body.result.comment]);
    expect(byId.get(first)).toEqual([
      expect.objectContaining({
        kind: 'match',
        matchId: first,
        profileId,
        text: 'same DOB as the listed entry',
        createdBy: tenant.applicationId,
        _v: 0,
      }),
      expect.objectContaining({ text: 'checked the passport' }),
    ]);
    expect(byId.get(second)).toEqual([c.body.result.comment]);
    for (const id of matchIds.slice(2)) expect(byId.get(id)).toEqual([]);

    // An edit shows with its new text and version.
    const edited = await request(platform.restUrl, 'PATCH', `/clm/v1/profiles/${profileId}/comments/${c.body.result.comment.id}`, {
      headers: key(),
      body: { text: 'other person: different nationality' },
    });
    expect(edited.status).toBe(200);
    const again = await request(platform.restUrl, 'GET', `/v2/search/matches?request_id=${searched.body.result.searchId}`, {
      headers: key(),
    });
    const secondAgain = (again.body.result.matches as { id: string; comments: { text: string; _v: number }[] }[]).find(
      (m) => m.id === second,
    )!;
    expect(secondAgain.comments).toEqual([expect.objectContaining({ text: 'other person: different nationality', _v: 1 })]);

    // GraphQL: the same comments on ScreeningMatch, for a single match too.
    const gql = await graphql(
      platform,
      auth.apiKey(tenant.apiKey),
      'query($id: ID!) { screeningMatch(id: $id) { id comments { id kind matchId text profileId } } }',
      { id: first },
    );
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.screeningMatch.comments.map((x: { text: string }) => x.text)).toEqual([
      'same DOB as the listed entry',
      'checked the passport',
    ]);
  });
});
