// __resolveReference batches: many entity references of one request → one query.
import { Db } from '../../platform/db/prisma';
import { logger } from '../../platform/logging/logger';
import { createProfilesContext } from './context';
import { resolvers } from './resolvers';
import { createDefinitionsReader } from './services/definitions-reader';

test('entity references of one request are loaded with one scoped query', async () => {
  const calls: unknown[] = [];
  const fake = {
    profile: {
      findMany: async (args: { where: { tenantId: string; workspaceId: string; id: { in: string[] } } }) => {
        calls.push(args.where);
        return args.where.id.in.filter((id) => id !== 'missing').map((id) => ({ id, name: id }));
      },
    },
  } as unknown as Db;
  const principal = { tenantId: 't1', workspaceId: 'w1', actorId: 'idv', kind: 'service' as const, entitlements: {} };
  const ctx = createProfilesContext(fake, createDefinitionsReader(fake), { principal, requestId: 'r', log: logger });
  const resolve = resolvers.Profile.__resolveReference;
  const results = await Promise.all(['a', 'b', 'missing', 'a'].map((id) => resolve({ id }, ctx)));
  expect(results.map((row) => row?.id ?? null)).toEqual(['a', 'b', null, 'a']);
  expect(calls).toEqual([{ tenantId: 't1', workspaceId: 'w1', id: { in: ['a', 'b', 'missing'] } }]);
});
