// Bad input never produces a 5xx: every route of the REST surface gets malformed bodies, odd path
// parameters and junk query strings, with a valid credential, and must answer with a documented
// 4xx code in its envelope (or succeed).
import { allRoutes } from '../../rest-adapter/routes';
import { auth, createTestTenant, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';

let platform: TestPlatform;
let tenant: TestTenant;

beforeAll(async () => {
  platform = await startTestPlatform();
  tenant = await createTestTenant(platform, { sessionOverrides: true, watchlistAdmin: true, riskAssessments: true });
});
afterAll(() => platform.close());

const BODIES: (string | undefined)[] = [
  undefined,
  '',
  'null',
  '[]',
  '"text"',
  '12345678901234567890',
  '{',
  '{"a":',
  '{}',
  '{"name": null, "kind": 7, "profile_id": {"$ne": 1}, "status": [], "title": false}',
  JSON.stringify({ name: 'x'.repeat(100_000) }),
  JSON.stringify({ profile_id: '\u0000', name: '\ud800', text: '\u0000' }),
  JSON.stringify({ __proto__: { polluted: true }, constructor: { prototype: { x: 1 } } }),
  JSON.stringify(Array.from({ length: 200 }, () => ({ a: [1, { b: null }] }))),
];
const PARAMS = ['x', '%00', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(600), "' OR 1=1 --", '%F0%9F%92%A9'];
const QUERIES = [
  '',
  '?limit=-1&page=abc&perPage=1e9',
  '?cursor=%00%00&profile_id=%E2%80%AE',
  '?includeArchived=maybe&profile_group_ids=,,,',
];

/**
 * Query strings and bodies to send with each path parameter. A route reads its query and its body
 * separately, and every bad body already fails before the query would matter, so each bad body goes
 * with no query and each bad query with no body and with an empty object: every value of each
 * dimension beside every path parameter, without the whole cross product (a third of the requests).
 */
function inputs(method: string): [query: string, body: string | undefined][] {
  if (method === 'get' || method === 'delete') return QUERIES.map((query) => [query, undefined]);
  return [
    ...BODIES.map((body): [string, string | undefined] => ['', body]),
    ...QUERIES.slice(1).flatMap((query): [string, string | undefined][] => [
      [query, undefined],
      [query, '{}'],
    ]),
  ];
}

function fill(path: string, value: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, value);
}

it.each(allRoutes.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))(
  '%s answers bad input with a 4xx',
  async (_name, route) => {
    const failures: string[] = [];
    const headers = { ...auth.apiKey(tenant.apiKey), 'content-type': 'application/json' };
    for (const param of PARAMS) {
      for (const [query, body] of inputs(route.method)) {
        const path = fill(route.path, param) + query;
        const response = await request(platform.restUrl, route.method.toUpperCase(), path, { headers, rawBody: body });
        if (response.status >= 500)
          failures.push(`${response.status} ${path} ${String(body).slice(0, 60)} -> ${response.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  },
  120_000,
);
