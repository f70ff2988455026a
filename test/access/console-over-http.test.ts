// The console's web layer with the gateway reached over HTTP (as between containers) rather than in
// process: the session, the forwarded CSRF token and the operation name travel as headers and body.
import { createTestTenant, startTestPlatform, TestPlatform } from '../helpers/test-platform';
import { createConsoleUser, signInToConsole } from '../helpers/console';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({ inProcess: false });
});
afterAll(() => platform.close());

it('signs in and runs GraphQL over HTTP; a planted CSRF pair is refused by the gateway', async () => {
  const tenant = await createTestTenant(platform);
  const user = await createConsoleUser(platform, tenant, { email: 'http@example.com', role: 'admin' });
  const client = await signInToConsole(platform, user);
  const response = await client.post('/console/graphql', {
    query: 'query A { viewer { actorId } } query B { viewer { role } }',
    operationName: 'B',
  });
  expect([response.status, response.body]).toEqual([200, { data: { viewer: { role: 'admin' } } }]);
  client.jar.cookies.set('vigil_csrf', 'planted');
  const planted = await client.graphql('{ viewer { role } }', {}, { csrf: 'planted' });
  expect([planted.status, planted.body.errors[0].extensions.code]).toEqual([403, 'csrf_failed']);
});
