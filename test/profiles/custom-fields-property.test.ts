// Property: random custom-field payloads thrown at create and PATCH never produce a 5xx, requests
// whose values are all valid are accepted, and whatever was accepted reads back exactly (numbers
// compared by exact decimal value, digit for digit, through the whole signed 64-bit range).
import fc from 'fast-check';
import { parse } from 'lossless-json';
import { createTestTenant, TestPlatform } from '../helpers/test-platform';
import { client, startProfilesPlatform } from './profiles-helpers';

let platform: TestPlatform;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  platform = await startProfilesPlatform();
  api = client(platform, await createTestTenant(platform));
  await api.defineField({ key: 't', label: 'T', type: 'text' });
  await api.defineField({ key: 'n', label: 'N', type: 'number' });
  await api.defineField({ key: 'd', label: 'D', type: 'date' });
  await api.defineField({ key: 'b', label: 'B', type: 'boolean' });
  await api.defineField({
    key: 'e',
    label: 'E',
    type: 'enum',
    options: [
      { value: 'a', label: 'Alpha' },
      { value: 'b', label: 'Beta' },
    ],
  });
  await api.defineField({ key: 'j', label: 'J', type: 'json' });
  await api.defineField({ key: 'gone', label: 'Gone', type: 'text' });
  await api.call('POST', '/tenant-config/v1/profile-custom-fields/gone/archive');
});
afterAll(async () => {
  await platform?.close();
});

/** A JSON text fragment and whether it is certainly valid for the key it is generated for. */
interface Fragment {
  text: string;
  valid: boolean;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

const anyJson: fc.Arbitrary<Fragment> = fc.jsonValue({ maxDepth: 3 }).map((value) => ({ text: JSON.stringify(value), valid: false }));
const nullFragment: fc.Arbitrary<Fragment> = fc.constant({ text: 'null', valid: true });
const str = fc.string({ unit: 'binary', maxLength: 30 });

const validByKey: Record<string, fc.Arbitrary<Fragment>> = {
  t: fc
    .oneof(
      str,
      fc.integer({ min: 3990, max: 4000 }).map((n) => 'ü'.repeat(n)),
    )
    .map((s) => ({ text: JSON.stringify(s), valid: true })),
  n: fc
    .oneof(
      fc.bigInt({ min: INT64_MIN, max: INT64_MAX }).map(String),
      fc.constantFrom('9223372036854775807', '-9223372036854775808', '0', '-0', '9007199254740993'),
      fc.tuple(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.bigInt({ min: 0n, max: 10n ** 25n })).map(([i, f]) => `${i}.${f}`),
      fc.tuple(fc.integer({ min: -999, max: 999 }), fc.integer({ min: -300, max: 15 })).map(([m, e]) => `${m}e${e}`),
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }).map((x) => JSON.stringify(x)),
    )
    .map((text) => ({ text, valid: true })),
  d: fc
    .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => ({ text: JSON.stringify(date.toISOString().slice(0, 10)), valid: true })),
  b: fc.boolean().map((value) => ({ text: String(value), valid: true })),
  e: fc.constantFrom('a', 'b').map((value) => ({ text: JSON.stringify(value), valid: true })),
  j: fc
    .oneof(
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
    )
    .map((value) => ({ text: JSON.stringify(value), valid: true })),
};

const invalidByKey: Record<string, fc.Arbitrary<Fragment>> = {
  t: fc.integer({ min: 4001, max: 4010 }).map((n) => ({ text: JSON.stringify('x'.repeat(n)), valid: false })),
  n: fc
    .oneof(
      fc.bigInt({ min: INT64_MAX + 1n, max: 2n ** 70n }).map(String),
      fc.bigInt({ min: -(2n ** 70n), max: INT64_MIN - 1n }).map(String),
    )
    .map((text) => ({ text, valid: false })),
  d: fc.oneof(str, fc.constantFrom('2023-02-29', '2024-13-01', '1999-11-31')).map((s) => ({ text: JSON.stringify(s), valid: false })),
  b: fc.constantFrom('"true"', '0', '1').map((text) => ({ text, valid: false })),
  e: fc.constantFrom('"Alpha"', '"c"', '1').map((text) => ({ text, valid: false })),
  j: fc
    .oneof(
      str.map((s) => JSON.stringify(s)),
      fc.integer().map(String),
      fc.constant(JSON.stringify(['x'.repeat(16 * 1024)])),
    )
    .map((text) => ({ text, valid: false })),
};

const KEYS = Object.keys(validByKey);
const fragmentFor = (key: string): fc.Arbitrary<Fragment> =>
  fc.oneof(
    { weight: 16, arbitrary: validByKey[key] },
    { weight: 1, arbitrary: invalidByKey[key] },
    { weight: 1, arbitrary: anyJson },
    { weight: 1, arbitrary: nullFragment },
  );

const payload: fc.Arbitrary<[string, Fragment][]> = fc
  .tuple(
    fc.subarray(KEYS),
    fc.oneof({ weight: 8, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom('gone', 'unknown_key', 'T') }),
  )
  .chain(([keys, extra]) => {
    const all = extra ? [...keys, extra] : keys;
    return fc.tuple(
      ...all.map((key) =>
        (validByKey[key] ? fragmentFor(key) : anyJson).map(
          (fragment) => [key, extra === key ? { ...fragment, valid: false } : fragment] as [string, Fragment],
        ),
      ),
    );
  });

function canonNumber(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text)!;
  let digits = match[2] + (match[3] ?? '');
  let exponent = BigInt(match[4] ?? '0') - BigInt((match[3] ?? '').length);
  digits = digits.replace(/^0+/, '');
  if (!digits) return '0';
  const trailing = digits.length - digits.replace(/0+$/, '').length;
  digits = digits.slice(0, digits.length - trailing);
  exponent += BigInt(trailing);
  return `${match[1]}${digits}e${exponent}`;
}

/** Parses JSON text with every number replaced by its exact canonical decimal value. */
function exact(text: string): unknown {
  return parse(text, null, (digits) => ({ number: canonNumber(digits) }));
}

function bodyText(entries: [string, Fragment][], extra: Record<string, unknown> = {}): string {
  const fields = entries.map(([key, fragment]) => `${JSON.stringify(key)}:${fragment.text}`).join(',');
  const prefix = JSON.stringify(extra).slice(1, -1);
  return `{${prefix}${prefix ? ',' : ''}"profileCustomFields":{${fields}}}`;
}

/** The custom field values of the first profile in a raw response, by key, exactly. */
function readBack(responseText: string): Record<string, unknown> {
  const body = exact(responseText) as { result: { profile: { profileCustomFields?: { key: string; value: unknown }[] } } };
  return Object.fromEntries((body.result.profile.profileCustomFields ?? []).map((field) => [field.key, field.value]));
}

test('random payloads on create and PATCH: never 5xx, valid requests accepted, accepted values read back exactly', async () => {
  await fc.assert(
    fc.asyncProperty(payload, payload, async (createEntries, patchEntries) => {
      const create = await api.raw('POST', '/clm/v1/profiles', bodyText(createEntries, { name: 'Prop', kind: 'individual' }));
      expect(create.status).toBeLessThan(500);
      const createValid = createEntries.every(([, fragment]) => fragment.valid);
      if (createValid) expect(create.status).toBe(201);
      if (create.status !== 201) {
        expect(create.status === 400 || create.status === 409).toBe(true);
        return;
      }
      const model: Record<string, unknown> = {};
      for (const [key, fragment] of createEntries) if (fragment.text !== 'null') model[key] = exact(fragment.text);
      expect(readBack(create.text)).toEqual(model);

      const id = create.body.result.profile.id;
      const patch = await api.raw('PATCH', `/clm/v1/profiles/${id}`, bodyText(patchEntries));
      expect(patch.status).toBeLessThan(500);
      if (patchEntries.every(([, fragment]) => fragment.valid)) expect(patch.status).toBe(200);
      if (patch.status === 200) {
        for (const [key, fragment] of patchEntries) {
          if (fragment.text === 'null') delete model[key];
          else model[key] = exact(fragment.text);
        }
        expect(readBack(patch.text)).toEqual(model);
      } else {
        expect(patch.status === 400 || patch.status === 409).toBe(true);
      }
      const read = await api.call('GET', `/clm/v1/profiles/${id}`);
      expect(read.status).toBe(200);
      expect(readBack(read.text)).toEqual(model);
    }),
    { numRuns: 200 },
  );
}, 180_000); // 200 runs of three HTTP round trips each: minutes on a loaded 2-core machine
