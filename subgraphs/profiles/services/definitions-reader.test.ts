// Rule 4 with an injected failing definitions reader (the service must reject the write and save
// nothing), and rule 5's read cache (TTL, stale copy when the database fails, refresh on writes).
import { createDb, Db } from '../../../platform/db/prisma';
import { newId } from '../../../platform/ids/new-id';
import { ProfilesError } from '../errors';
import { createDefinitionsReader, DefinitionsReader } from './definitions-reader';
import { createProfile, updateProfile } from './profile-service';

let db: Db;
beforeAll(() => {
  db = createDb(process.env.DATABASE_URL!, 2);
});
afterAll(async () => {
  await db.$disconnect();
});

const failing: DefinitionsReader = {
  forWrite: async () => {
    throw new Error('connection reset by peer');
  },
  forRead: async () => {
    throw new Error('connection reset by peer');
  },
  invalidate: () => undefined,
};

async function rejection(promise: Promise<unknown>): Promise<ProfilesError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProfilesError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('rule 4: unreadable definitions reject the write', () => {
  test('create is rejected with custom_field_definitions_unavailable (503) and nothing is stored', async () => {
    const scope = { tenantId: newId('ten'), workspaceId: newId('wsp') };
    const error = await rejection(
      createProfile({ db, definitions: failing }, scope, {
        name: 'A',
        kind: 'individual',
        profileCustomFields: [{ key: 'x', value: '1' }],
      }),
    );
    expect(error.code).toBe('custom_field_definitions_unavailable');
    expect(error.status).toBe(503);
    expect(await db.profile.count({ where: scope })).toBe(0);
  });

  test('a custom-field PATCH is rejected and changes nothing (not even the other fields)', async () => {
    const scope = { tenantId: newId('ten'), workspaceId: newId('wsp') };
    const working = createDefinitionsReader(db);
    const profile = await createProfile({ db, definitions: working }, scope, { name: 'Before', kind: 'individual' });
    const error = await rejection(
      updateProfile({ db, definitions: failing }, scope, profile.id, { name: 'After', profileCustomFields: [{ key: 'x', value: '1' }] }),
    );
    expect(error.code).toBe('custom_field_definitions_unavailable');
    expect((await db.profile.findUniqueOrThrow({ where: { id: profile.id } })).name).toBe('Before');
    // A PATCH without custom fields does not need definitions.
    const renamed = await updateProfile({ db, definitions: failing }, scope, profile.id, { name: 'After' });
    expect(renamed.name).toBe('After');
  });
});

describe('rule 5: read cache', () => {
  const row = (key: string) => ({
    id: key,
    tenantId: 't',
    workspaceId: 'w',
    key,
    label: key,
    type: 'text',
    required: false,
    priority: 0,
    options: [],
    archivedAt: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  });

  test('[clm.custom-fields.r5] reads are cached for the TTL, serve a stale copy when the database fails, and writes refresh them', async () => {
    let rows = [row('a')];
    let fail = false;
    let queries = 0;
    const fake = {
      profileCustomFieldDefinition: {
        findMany: async () => {
          queries += 1;
          if (fail) throw new Error('down');
          return rows;
        },
      },
    } as unknown as Db;
    let clock = 0;
    const reader = createDefinitionsReader(fake, 1000, () => clock);
    const scope = { tenantId: 't', workspaceId: 'w' };
    expect((await reader.forRead(scope)).map((d) => d.key)).toEqual(['a']);
    rows = [row('a'), row('b')];
    clock = 999;
    expect((await reader.forRead(scope)).map((d) => d.key)).toEqual(['a']); // may lag
    expect(queries).toBe(1);
    clock = 1000;
    expect((await reader.forRead(scope)).map((d) => d.key)).toEqual(['a', 'b']);
    fail = true;
    clock = 5000;
    expect((await reader.forRead(scope)).map((d) => d.key)).toEqual(['a', 'b']); // stale copy
    await expect(reader.forWrite(fake, scope)).rejects.toThrow('down'); // writes never use the cache
    fail = false;
    rows = [row('c')];
    await reader.forWrite(fake, scope);
    expect((await reader.forRead(scope)).map((d) => d.key)).toEqual(['c']);
    reader.invalidate(scope);
    fail = true;
    await expect(reader.forRead(scope)).rejects.toThrow('down');
  });
});
