// Property-based fuzzing of every operation in the published OpenAPI document (fast-check): wrong
// types, missing and extra fields, long strings, odd unicode, odd ids and paging extremes, with and
// without a credential. No answer may be a 5xx, and every error must be in its area's documented
// envelope with a documented code.
import fc from 'fast-check';
import { isErrorCode } from '../../platform/errors/codes';
import { areaOf } from '../../rest-adapter/rest-server';
import { auth, createTestTenant, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';

let platform: TestPlatform;
let tenant: TestTenant;
let operations: { method: string; path: string; query: string[]; bodyFields: string[] }[];

beforeAll(async () => {
  platform = await startTestPlatform();
  tenant = await createTestTenant(platform, { sessionOverrides: true, watchlistAdmin: true, riskAssessments: true });
  const document = (await request(platform.restUrl, 'GET', '/openapi.json')).body as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { name: string; in: string }[];
          requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
        }
      >
    >;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      query: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
      bodyFields: Object.keys(operation.requestBody?.content['application/json']?.schema?.properties ?? {}),
    })),
  );
});
afterAll(() => platform.close());

const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    '\u202e',
    'null',
    '-1',
    '1e309',
    '0x10',
    '../../etc/passwd',
    "' OR 1=1 --",
    '%',
    '%E0%A4%A',
    'x'.repeat(5_000),
  ),
);
const oddValue = fc.oneof(
  oddText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0),
  fc.jsonValue({ maxDepth: 3 }),
);
/** encodeURIComponent refuses lone surrogates; those go out as raw escapes of their code unit. */
function escape(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((char) => `%${(char.charCodeAt(0) & 0xff).toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
}
const oddId = fc.oneof(
  oddText.map((text) => escape(text) || 'x'),
  fc.constantFrom('%E0%A4%A', '%ZZ', '%', '%00', '..', 'prf_' + 'a'.repeat(21), '0'.repeat(24), 'a'.repeat(2_000), '%F0%9F%92%A9'),
);
const pagingValue = fc.oneof(
  fc.constantFrom('-1', '0', '1e9', '999999999999999999999', 'NaN', '', 'abc', '1.5', '%00'),
  oddText.map(escape),
);

function bodyFor(fields: string[]) {
  return fc.oneof(
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
    fields.length
      ? fc
          .dictionary(fc.constantFrom(...fields, 'unexpected_field', '__proto__'), oddValue, { maxKeys: fields.length + 2 })
          .map((value) => JSON.stringify(value))
      : fc.constant('{}'),
    fc.constantFrom('', '{', 'not json', '[]', 'null', '{"a":' + '['.repeat(100) + ']'.repeat(100) + '}'),
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a response body: untyped JSON whose shape the test asserts
function checkEnvelope(path: string, status: number, body: any): string | undefined {
  if (status >= 500) return `status ${status}`;
  if (status < 400) return undefined;
  const area = areaOf(path.split('?')[0]);
  const error = body?.error;
  if (!error || typeof error.message !== 'string' || !isErrorCode(error.code))
    return `error body outside the envelope: ${JSON.stringify(body).slice(0, 200)}`;
  if (area === 'clm' && (body.status !== status || body.result !== null || typeof body.msg !== 'string')) return 'clm envelope';
  if (area === 'risk' && (body.status !== status || typeof body.msg !== 'string')) return 'risk envelope';
  return undefined;
}

it('answers every fuzzed request to every OpenAPI operation without a 5xx, in the documented envelope', async () => {
  expect(operations.length).toBeGreaterThanOrEqual(50);
  const failures: string[] = [];
  for (const operation of operations) {
    await fc
      .assert(
        fc.asyncProperty(
          fc.array(oddId, { minLength: 3, maxLength: 3 }),
          fc.dictionary(fc.constantFrom(...operation.query, 'page', 'perPage', 'limit', 'cursor'), pagingValue, { maxKeys: 4 }),
          bodyFor(operation.bodyFields),
          fc.constantFrom('key', 'key', 'none', 'garbage'),
          async (ids, query, body, credential) => {
            let index = 0;
            const path = operation.path.replace(/\{[^}]+\}/g, () => ids[index++ % ids.length]);
            const search = Object.entries(query)
              .map(([name, value]) => `${encodeURIComponent(name)}=${value}`)
              .join('&');
            const headers: Record<string, string> = { 'content-type': 'application/json' };
            if (credential === 'key') Object.assign(headers, auth.apiKey(tenant.apiKey));
            if (credential === 'garbage') headers.authorization = 'Api-Key \u00ff\u00fe';
            const target = `${path}${search ? `?${search}` : ''}`;
            const send = ['GET', 'DELETE'].includes(operation.method) ? undefined : body;
            let response;
            try {
              response = await request(platform.restUrl, operation.method, target, { headers, rawBody: send });
            } catch (error) {
              // fetch itself refuses some header values (non-Latin-1): nothing reached the server.
              if (error instanceof TypeError) return true;
              throw error;
            }
            const problem = checkEnvelope(path, response.status, response.body);
            if (problem) failures.push(`${operation.method} ${target.slice(0, 120)} → ${response.status}: ${problem}`);
            return true; // failures are collected above, so one run covers every operation
          },
        ),
        { numRuns: 12, seed: 17 },
      )
      .catch((error) => failures.push(`${operation.method} ${operation.path}: the property threw ${String(error).slice(0, 300)}`));
  }
  expect(failures).toEqual([]);
}, 240_000);
