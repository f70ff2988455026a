// __resolveReference batches: many entity references of one request → one query.
import { Db } from '../../platform/db/prisma';
import { logger } from '../../platform/logging/logger';
import { createProfilesContext } from './context';
import { resolvers } from './resolvers';
import { createDefinitionsReader } from './services/definitions-reader';

test('entity references of one request are loaded with one scoped query', async () => {
  const calls: unknown[][] = [];
  // The batch is one raw read (db.$readRows): its parameters are the scope and the ids.
  const fake = {
    $readRows: async (_sql: string, params: unknown[]) => {
      calls.push(params);
      return (params[2] as string[]).filter((id) => id !== 'missing').map((id) => ({ id, name: id }));
    },
  } as unknown as Db;
  const principal = { tenantId: 't1', workspaceId: 'w1', actorId: 'idv', kind: 'service' as const, entitlements: {} };
  const ctx = createProfilesContext(fake, createDefinitionsReader(fake), { principal, requestId: 'r', log: logger });
  const resolve = resolvers.Profile.__resolveReference;
  const results = await Promise.all(['a', 'b', 'missing', 'a'].map((id) => resolve({ __typename: 'Profile', id }, ctx)));
  expect(results.map((row) => row?.id ?? null)).toEqual(['a', 'b', null, 'a']);
  expect(calls).toEqual([['t1', 'w1', ['a', 'b', 'missing']]]);
});

test('comments of every screening match of one request are loaded with one scoped query', async () => {
  const calls: unknown[] = [];
  const row = (id: string, matchId: string) => ({ id, matchId, kind: 'match', text: id });
  // The comments are one prepared statement: the fake answers it with the rows of the ids asked for.
  const fake = {
    $readRows: async (_sql: string, params: [string, string, string[]]) => {
      calls.push(params);
      return [row('c1', 'm1'), row('c2', 'm2'), row('c3', 'm1')].filter((r) => params[2].includes(r.matchId));
    },
  } as unknown as Db;
  const principal = { tenantId: 't1', workspaceId: 'w1', actorId: 'app', kind: 'service' as const, entitlements: {} };
  const ctx = createProfilesContext(fake, createDefinitionsReader(fake), { principal, requestId: 'r', log: logger });
  const { __resolveReference, comments } = resolvers.ScreeningMatch;
  const results = await Promise.all(
    ['m1', 'm2', 'm3'].map((id) => comments(__resolveReference({ __typename: 'ScreeningMatch', id }), {}, ctx)),
  );
  expect(results.map((list) => list.map((c) => c.id))).toEqual([['c1', 'c3'], ['c2'], []]);
  expect(calls).toEqual([['t1', 'w1', ['m1', 'm2', 'm3']]]);
});
