// Profile custom fields through REST: the type matrix, rules 1-3, 5, 6, the error table (400/409
// naming the field path), exact numbers through the signed 64-bit range, and the definition
// management endpoints (/tenant-config/v1/profile-custom-fields).
import { createTestTenant, TestPlatform } from '../helpers/test-platform';
import { client, fieldValue, startProfilesPlatform } from './profiles-helpers';

let platform: TestPlatform;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  platform = await startProfilesPlatform();
  api = client(platform, await createTestTenant(platform));
  await api.defineField({ key: 'note', label: 'Note', type: 'text', priority: 10 });
  await api.defineField({ key: 'amount', label: 'Amount', type: 'number', priority: 20 });
  await api.defineField({ key: 'birth_date', label: 'Birth date', type: 'date', priority: 30 });
  await api.defineField({ key: 'pep', label: 'PEP', type: 'boolean', priority: 40 });
  await api.defineField({
    key: 'segment',
    label: 'Segment',
    type: 'enum',
    priority: 50,
    options: [
      { value: 'retail', label: 'Retail' },
      { value: 'corp', label: 'Corporate' },
    ],
  });
  await api.defineField({ key: 'extra', label: 'Extra', type: 'json', priority: 60 });
});
afterAll(async () => {
  await platform?.close();
});

async function expectError(body: Record<string, unknown>, status: number, code: string, field: string, profileId?: string) {
  const response = profileId
    ? await api.call('PATCH', `/clm/v1/profiles/${profileId}`, body)
    : await api.call('POST', '/clm/v1/profiles', { name: 'X', kind: 'individual', ...body });
  expect({ status: response.status, code: response.body.error?.code }).toEqual({ status, code });
  expect(response.body.error.message).toContain(field);
  expect(response.body.result).toBeNull();
  return response;
}

describe('[clm.custom-fields.types] type matrix (accepted values read back exactly)', () => {
  test('[clm.custom-fields.response-order] every type on create, ordered by definition priority (higher first), enum with valueLabel', async () => {
    const profile = await api.createProfile({
      profileCustomFields: {
        note: 'héllo ✓',
        amount: 12.5,
        birth_date: '2000-02-29',
        pep: false,
        segment: 'corp',
        extra: { a: [1, 2, { b: null }] },
      },
    });
    expect(profile.profileCustomFields).toEqual([
      { key: 'extra', label: 'Extra', type: 'json', value: { a: [1, 2, { b: null }] } },
      { key: 'segment', label: 'Segment', type: 'enum', value: 'corp', valueLabel: 'Corporate' },
      { key: 'pep', label: 'PEP', type: 'boolean', value: false },
      { key: 'birth_date', label: 'Birth date', type: 'date', value: '2000-02-29' },
      { key: 'amount', label: 'Amount', type: 'number', value: 12.5 },
      { key: 'note', label: 'Note', type: 'text', value: 'héllo ✓' },
    ]);
    const read = await api.call('GET', `/clm/v1/profiles/${profile.id}`);
    expect(read.body.result.profile.profileCustomFields).toEqual(profile.profileCustomFields);
  });

  test('json arrays and text of exactly 4,000 characters are accepted', async () => {
    const text = 'x'.repeat(3999) + '😀'; // 4,000 characters (code points)
    const profile = await api.createProfile({ profileCustomFields: { extra: [1, 'two', [3]], note: text } });
    expect(fieldValue(profile, 'extra')).toEqual([1, 'two', [3]]);
    expect(fieldValue(profile, 'note')).toBe(text);
  });

  test('int64 extremes round-trip exactly (raw response text)', async () => {
    for (const digits of [
      '9223372036854775807',
      '-9223372036854775808',
      '9007199254740993',
      '0.1000000000000000055511151231257827',
      '1e-400',
    ]) {
      const created = await api.raw(
        'POST',
        '/clm/v1/profiles',
        `{"name":"Big","kind":"individual","profileCustomFields":{"amount":${digits}}}`,
      );
      expect(created.status).toBe(201);
      expect(created.text).toContain(`"key":"amount","label":"Amount","type":"number","value":${digits}}`);
      const read = await api.call('GET', `/clm/v1/profiles/${created.body.result.profile.id}`);
      expect(read.text).toContain(`"value":${digits}}`);
      const list = await api.call('GET', '/clm/v1/profiles?perPage=1');
      expect(list.text).toContain(`"value":${digits}}`);
    }
    const patched = await api.createProfile();
    const response = await api.raw(
      'PATCH',
      `/clm/v1/profiles/${patched.id}`,
      '{"profileCustomFields":{"amount":-9223372036854775808,"extra":{"big":123456789012345678901234567890}}}',
    );
    expect(response.status).toBe(200);
    expect(response.text).toContain('"value":-9223372036854775808}');
    expect(response.text).toContain('"value":{"big":123456789012345678901234567890}}');
  });

  test('integral values beyond the signed 64-bit range → 400 custom_field_out_of_range', async () => {
    for (const digits of ['9223372036854775808', '-9223372036854775809', '1e19', '9223372036854775807.5']) {
      const response = await api.raw(
        'POST',
        '/clm/v1/profiles',
        `{"name":"Big","kind":"individual","profileCustomFields":{"amount":${digits}}}`,
      );
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('custom_field_out_of_range');
      expect(response.body.error.message).toContain('profileCustomFields.amount');
    }
  });
});

describe('error table (400)', () => {
  test('[clm.errors.custom-fields.malformed-json] malformed JSON body → 400', async () => {
    const response = await api.raw('POST', '/clm/v1/profiles', '{"name":"X","kind":"individual","profileCustomFields":{"note":"x",}}');
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('schema_validation_failed');
  });
  test('[clm.custom-fields.r3, clm.errors.custom-fields.unknown-key] unknown key → 400 custom_field_unknown (labels are not keys)', async () => {
    await expectError({ profileCustomFields: { nope: 'x' } }, 400, 'custom_field_unknown', 'profileCustomFields.nope');
    await expectError({ profileCustomFields: { Note: 'x' } }, 400, 'custom_field_unknown', 'profileCustomFields.Note');
  });
  test('[clm.errors.custom-fields.wrong-type] wrong JSON type → 400 custom_field_wrong_type', async () => {
    await expectError({ profileCustomFields: { note: 5 } }, 400, 'custom_field_wrong_type', 'profileCustomFields.note');
    await expectError({ profileCustomFields: { amount: '5' } }, 400, 'custom_field_wrong_type', 'profileCustomFields.amount');
    await expectError({ profileCustomFields: { pep: 'true' } }, 400, 'custom_field_wrong_type', 'profileCustomFields.pep');
    await expectError({ profileCustomFields: { birth_date: 20000101 } }, 400, 'custom_field_wrong_type', 'profileCustomFields.birth_date');
    await expectError({ profileCustomFields: { segment: 1 } }, 400, 'custom_field_wrong_type', 'profileCustomFields.segment');
  });
  test('[clm.errors.custom-fields.invalid-date, clm.errors.custom-fields.field-path] invalid date → 400 custom_field_invalid_date with the field path in the message', async () => {
    for (const date of ['2001-02-29', '2024-13-01', '2024-04-31', '24-01-01', '2024-1-1', '2024-01-01T00:00:00Z', '0000-01-01']) {
      const response = await expectError(
        { profileCustomFields: { birth_date: date } },
        400,
        'custom_field_invalid_date',
        'profileCustomFields.birth_date',
      );
      expect(response.body.error.message).toMatch(/^profileCustomFields\.birth_date: invalid date/);
    }
  });
  test('[clm.errors.custom-fields.invalid-choice] invalid choice (a label, or an unknown value) → 400 custom_field_invalid_choice', async () => {
    await expectError({ profileCustomFields: { segment: 'Corporate' } }, 400, 'custom_field_invalid_choice', 'profileCustomFields.segment');
    await expectError({ profileCustomFields: { segment: 'other' } }, 400, 'custom_field_invalid_choice', 'profileCustomFields.segment');
  });
  test('[clm.errors.custom-fields.json-shape] json neither object nor array → 400 custom_field_invalid_json', async () => {
    for (const value of ['{"a":1}', 5, true]) {
      await expectError({ profileCustomFields: { extra: value } }, 400, 'custom_field_invalid_json', 'profileCustomFields.extra');
    }
  });
  test('[clm.custom-fields.r2] the same rules apply on PATCH', async () => {
    const profile = await api.createProfile();
    await expectError({ profileCustomFields: { nope: 1 } }, 400, 'custom_field_unknown', 'profileCustomFields.nope', profile.id);
    await expectError(
      { profileCustomFields: { birth_date: '2023-02-29' } },
      400,
      'custom_field_invalid_date',
      'profileCustomFields.birth_date',
      profile.id,
    );
    await expectError({ profileCustomFields: { extra: 'x' } }, 400, 'custom_field_invalid_json', 'profileCustomFields.extra', profile.id);
  });
});

describe('error table (409 size limits)', () => {
  test('[clm.errors.custom-fields.text-too-long] text over 4,000 characters → 409 custom_field_too_large', async () => {
    await expectError({ profileCustomFields: { note: 'x'.repeat(4001) } }, 409, 'custom_field_too_large', 'profileCustomFields.note');
  });
  test('[clm.errors.custom-fields.json-too-large] json over 16 KB (serialized UTF-8 bytes) → 409 custom_field_too_large; exactly 16 KB is accepted', async () => {
    const exact = ['y'.repeat(16 * 1024 - 4)]; // ["yyy…"] = 16,384 bytes
    expect(Buffer.byteLength(JSON.stringify(exact))).toBe(16 * 1024);
    const ok = await api.createProfile({ profileCustomFields: { extra: exact } });
    expect(fieldValue(ok, 'extra')).toEqual(exact);
    await expectError(
      { profileCustomFields: { extra: ['y'.repeat(16 * 1024 - 3)] } },
      409,
      'custom_field_too_large',
      'profileCustomFields.extra',
    );
    // Multi-byte characters count by their UTF-8 bytes.
    await expectError(
      { profileCustomFields: { extra: ['é'.repeat(8 * 1024)] } },
      409,
      'custom_field_too_large',
      'profileCustomFields.extra',
    );
  });
  test('[clm.errors.custom-fields.combined-too-large] combined values over 64 KB → 409 custom_fields_combined_too_large (create and patch)', async () => {
    const own = client(platform, await createTestTenant(platform));
    for (let i = 0; i < 5; i += 1) await own.defineField({ key: `blob_${i}`, label: `Blob ${i}`, type: 'json' });
    const blob = ['z'.repeat(16 * 1024 - 4)]; // 16 KB each
    const four = Object.fromEntries([0, 1, 2, 3].map((i) => [`blob_${i}`, blob]));
    const profile = await own.createProfile({ profileCustomFields: four }); // exactly 64 KB
    expect(profile.profileCustomFields).toHaveLength(4);
    const create = await own.call('POST', '/clm/v1/profiles', {
      name: 'X',
      kind: 'individual',
      profileCustomFields: { ...four, blob_4: [1] },
    });
    expect(create.status).toBe(409);
    expect(create.body.error.code).toBe('custom_fields_combined_too_large');
    expect(create.body.error.message).toContain('profileCustomFields');
    const patch = await own.call('PATCH', `/clm/v1/profiles/${profile.id}`, { profileCustomFields: { blob_4: [1] } });
    expect(patch.status).toBe(409);
    expect(patch.body.error.code).toBe('custom_fields_combined_too_large');
    // Clearing one key in the same PATCH makes room.
    const swap = await own.call('PATCH', `/clm/v1/profiles/${profile.id}`, { profileCustomFields: { blob_0: null, blob_4: [1] } });
    expect(swap.status).toBe(200);
    expect(swap.body.result.profile.profileCustomFields.map((f: { key: string }) => f.key).sort()).toEqual([
      'blob_1',
      'blob_2',
      'blob_3',
      'blob_4',
    ]);
  });
  test('a 400 problem wins over a 409 problem in the same request', async () => {
    await expectError(
      { profileCustomFields: { note: 'x'.repeat(5000), birth_date: 'nope' } },
      400,
      'custom_field_invalid_date',
      'profileCustomFields.birth_date',
    );
  });
});

describe('rules 1, 2, 6: required fields', () => {
  test('[clm.custom-fields.r1, clm.errors.custom-fields.required-missing] create: required definitions must be present and non-null; null = omission for optional ones', async () => {
    const own = client(platform, await createTestTenant(platform));
    await own.defineField({ key: 'tax_id', label: 'Tax id', type: 'text', required: true });
    await own.defineField({ key: 'optional_note', label: 'Optional', type: 'text' });
    const missing = await own.call('POST', '/clm/v1/profiles', { name: 'X', kind: 'individual' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toEqual({ code: 'custom_field_required', message: 'profileCustomFields.tax_id: required' });
    const nulled = await own.call('POST', '/clm/v1/profiles', { name: 'X', kind: 'individual', profileCustomFields: { tax_id: null } });
    expect(nulled.status).toBe(400);
    expect(nulled.body.error.code).toBe('custom_field_required');
    const ok = await own.createProfile({ profileCustomFields: { tax_id: 'T1', optional_note: null } });
    expect(ok.profileCustomFields).toEqual([{ key: 'tax_id', label: 'Tax id', type: 'text', value: 'T1' }]);
    // Rule 2: on PATCH omitted required keys are not rechecked.
    const patch = await own.call('PATCH', `/clm/v1/profiles/${ok.id}`, { profileCustomFields: { optional_note: 'n' } });
    expect(patch.status).toBe(200);
    // Clearing a required key with null on PATCH is allowed (only create checks presence).
    const cleared = await own.call('PATCH', `/clm/v1/profiles/${ok.id}`, { profileCustomFields: { tax_id: null } });
    expect(cleared.status).toBe(200);
    expect(fieldValue(cleared.body.result.profile, 'tax_id')).toBeUndefined();
  });

  test('[clm.custom-fields.r6, clm.custom-fields.r2] rule 6: making a definition required does not backfill existing profiles', async () => {
    const own = client(platform, await createTestTenant(platform));
    await own.defineField({ key: 'later_required', label: 'Later', type: 'text' });
    const before = await own.createProfile({ name: 'Before' });
    const update = await own.call('PATCH', '/tenant-config/v1/profile-custom-fields/later_required', { required: true });
    expect(update.body.result.customField.required).toBe(true);
    const read = await own.call('GET', `/clm/v1/profiles/${before.id}`);
    expect(read.status).toBe(200);
    expect(read.body.result.profile).not.toHaveProperty('profileCustomFields');
    const patch = await own.call('PATCH', `/clm/v1/profiles/${before.id}`, { name: 'Renamed' });
    expect(patch.status).toBe(200);
    const create = await own.call('POST', '/clm/v1/profiles', { name: 'New', kind: 'individual' });
    expect(create.status).toBe(400);
    expect(create.body.error.code).toBe('custom_field_required');
  });
});

describe('archive and restore (rules 3, 5)', () => {
  test('[clm.custom-fields.archive-keeps-values, clm.errors.custom-fields.unknown-key] archived key → 400 custom_field_archived; values kept but not emitted; restore brings them back', async () => {
    const own = client(platform, await createTestTenant(platform));
    await own.defineField({ key: 'temp', label: 'Temp', type: 'text' });
    await own.defineField({ key: 'stay', label: 'Stay', type: 'text', required: true });
    const profile = await own.createProfile({ profileCustomFields: { temp: 'kept', stay: 's' } });
    const archived = await own.call('POST', '/tenant-config/v1/profile-custom-fields/temp/archive');
    expect(archived.body.result.customField).toMatchObject({ key: 'temp', archived: true });
    const read = await own.call('GET', `/clm/v1/profiles/${profile.id}`);
    expect(read.body.result.profile.profileCustomFields.map((f: { key: string }) => f.key)).toEqual(['stay']);
    for (const [method, path] of [
      ['POST', '/clm/v1/profiles'],
      ['PATCH', `/clm/v1/profiles/${profile.id}`],
    ]) {
      const response = await own.call(method, path, {
        ...(method === 'POST' ? { name: 'X', kind: 'individual' } : {}),
        profileCustomFields: { stay: 's', temp: 'x' },
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({
        code: 'custom_field_archived',
        message: 'profileCustomFields.temp: custom field is archived',
      });
    }
    // The list of definitions hides archived ones unless asked.
    const list = await own.call('GET', '/tenant-config/v1/profile-custom-fields');
    expect(list.body.result.customFields.map((d: { key: string }) => d.key)).toEqual(['stay']);
    const all = await own.call('GET', '/tenant-config/v1/profile-custom-fields?includeArchived=true');
    expect(all.body.result.customFields.map((d: { key: string }) => d.key).sort()).toEqual(['stay', 'temp']);
    await own.call('POST', '/tenant-config/v1/profile-custom-fields/temp/restore');
    const back = await own.call('GET', `/clm/v1/profiles/${profile.id}`);
    expect(fieldValue(back.body.result.profile, 'temp')).toBe('kept');
  });

  test('[clm.custom-fields.response-order] the array is omitted when no stored values resolve to active definitions', async () => {
    const own = client(platform, await createTestTenant(platform));
    await own.defineField({ key: 'only', label: 'Only', type: 'boolean' });
    const profile = await own.createProfile({ profileCustomFields: { only: true } });
    expect(profile.profileCustomFields).toHaveLength(1);
    await own.call('POST', '/tenant-config/v1/profile-custom-fields/only/archive');
    const read = await own.call('GET', `/clm/v1/profiles/${profile.id}`);
    expect(read.body.result.profile).not.toHaveProperty('profileCustomFields');
  });

  test('relabeling shows the new label and valueLabel on reads', async () => {
    const own = client(platform, await createTestTenant(platform));
    await own.defineField({ key: 'tier', label: 'Tier', type: 'enum', options: [{ value: 'a', label: 'Gold' }] });
    const profile = await own.createProfile({ profileCustomFields: { tier: 'a' } });
    await own.call('PATCH', '/tenant-config/v1/profile-custom-fields/tier', {
      label: 'Level',
      options: [{ value: 'a', label: 'Platinum' }],
    });
    const read = await own.call('GET', `/clm/v1/profiles/${profile.id}`);
    expect(read.body.result.profile.profileCustomFields).toEqual([
      { key: 'tier', label: 'Level', type: 'enum', value: 'a', valueLabel: 'Platinum' },
    ]);
  });
});

describe('definition management', () => {
  const BASE = '/tenant-config/v1/profile-custom-fields';

  test('create: supplied or generated key, fields of a definition, 409 on a duplicate key', async () => {
    const own = client(platform, await createTestTenant(platform));
    const created = await own.call('POST', BASE, { label: 'Date of Birth', type: 'date', required: false, priority: 5 });
    expect(created.status).toBe(201);
    expect(created.body.result.customField).toMatchObject({
      key: 'date_of_birth',
      label: 'Date of Birth',
      type: 'date',
      required: false,
      priority: 5,
      options: [],
      archived: false,
    });
    expect(created.body.result.customField.createdAt).toBeDefined();
    const second = await own.call('POST', BASE, { label: 'Date of birth', type: 'text' });
    expect(second.body.result.customField.key).toBe('date_of_birth_2');
    const numeric = await own.call('POST', BASE, { label: '2nd nationality', type: 'text' });
    expect(numeric.body.result.customField.key).toBe('field_2nd_nationality');
    const duplicate = await own.call('POST', BASE, { key: 'date_of_birth', label: 'Again', type: 'date' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('custom_field_definition_conflict');
    const read = await own.call('GET', `${BASE}/date_of_birth`);
    expect(read.body.result.customField.label).toBe('Date of Birth');
    expect((await own.call('GET', `${BASE}/nope`)).body.error.code).toBe('custom_field_definition_not_found');
  });

  test('create validation: key pattern, type, enum options', async () => {
    const own = client(platform, await createTestTenant(platform));
    for (const body of [
      { key: 'Bad-Key', label: 'x', type: 'text' },
      { key: '1abc', label: 'x', type: 'text' },
      { key: `a${'b'.repeat(64)}`, label: 'x', type: 'text' },
      { label: 'x', type: 'money' },
      { label: 'x', type: 'text', bogus: 1 },
    ]) {
      const response = await own.call('POST', BASE, body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('schema_validation_failed');
    }
    for (const body of [
      { label: 'x', type: 'enum' },
      { label: 'x', type: 'enum', options: [] },
      {
        label: 'x',
        type: 'enum',
        options: [
          { value: 'a', label: 'A' },
          { value: 'a', label: 'B' },
        ],
      },
      { label: 'x', type: 'text', options: [{ value: 'a', label: 'A' }] },
    ]) {
      const response = await own.call('POST', BASE, body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('custom_field_definition_invalid');
      expect(response.body.error.message).toContain('options');
    }
  });

  test('[clm.custom-fields.enum-immutable, clm.errors.custom-fields.choice-omitted] enum option values are immutable: omitting or changing one → 409; adding, relabeling, reordering is fine', async () => {
    const own = client(platform, await createTestTenant(platform));
    await own.defineField({
      key: 'risk',
      label: 'Risk',
      type: 'enum',
      options: [
        { value: 'low', label: 'Low' },
        { value: 'high', label: 'High' },
      ],
    });
    const omit = await own.call('PATCH', `${BASE}/risk`, { options: [{ value: 'low', label: 'Low' }] });
    expect(omit.status).toBe(409);
    expect(omit.body.error.code).toBe('custom_field_option_immutable');
    expect(omit.body.error.message).toContain('"high"');
    const change = await own.call('PATCH', `${BASE}/risk`, {
      options: [
        { value: 'low', label: 'Low' },
        { value: 'HIGH', label: 'High' },
      ],
    });
    expect(change.status).toBe(409);
    expect(change.body.error.code).toBe('custom_field_option_immutable');
    const ok = await own.call('PATCH', `${BASE}/risk`, {
      options: [
        { value: 'high', label: 'Elevated' },
        { value: 'medium', label: 'Medium' },
        { value: 'low', label: 'Low' },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.result.customField.options).toEqual([
      { value: 'high', label: 'Elevated' },
      { value: 'medium', label: 'Medium' },
      { value: 'low', label: 'Low' },
    ]);
    // The definition is unchanged after a rejected update.
    const read = await own.call('GET', `${BASE}/risk`);
    expect(read.body.result.customField.options).toHaveLength(3);
    const profile = await own.createProfile({ profileCustomFields: { risk: 'medium' } });
    expect(profile.profileCustomFields[0]).toMatchObject({ value: 'medium', valueLabel: 'Medium' });
  });

  test('update: key and type are immutable; label, priority, required change; unknown key → 404', async () => {
    const own = client(platform, await createTestTenant(platform));
    await own.defineField({ key: 'f1', label: 'F1', type: 'text' });
    for (const body of [{ key: 'f2' }, { type: 'number' }]) {
      const response = await own.call('PATCH', `${BASE}/f1`, body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('schema_validation_failed');
    }
    const updated = await own.call('PATCH', `${BASE}/f1`, { label: 'First', priority: 7, required: true });
    expect(updated.body.result.customField).toMatchObject({ key: 'f1', type: 'text', label: 'First', priority: 7, required: true });
    const missing = await own.call('PATCH', `${BASE}/nope`, { label: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('custom_field_definition_not_found');
    expect((await own.call('POST', `${BASE}/nope/archive`)).status).toBe(404);
  });

  test('list is ordered by priority (higher first), then key', async () => {
    const own = client(platform, await createTestTenant(platform));
    await own.defineField({ key: 'b', label: 'B', type: 'text', priority: 1 });
    await own.defineField({ key: 'a', label: 'A', type: 'text', priority: 1 });
    await own.defineField({ key: 'c', label: 'C', type: 'text', priority: 9 });
    const list = await own.call('GET', BASE);
    expect(list.body.result.customFields.map((d: { key: string }) => d.key)).toEqual(['c', 'a', 'b']);
  });
});
