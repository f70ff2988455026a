// With VIGIL_SUBGRAPH_EXECUTION=compiled the subgraphs execute with graphql-jit (platform/subgraph/compiled-execution.ts) where it answers
// as graphql-js would. Here every operation a subgraph runs for the REST adapter's reads and for
// the console's and the REST adapter's GraphQL queries, on a seeded database, is also run by
// graphql-js on a fresh context (the executor's differential check) and both answers must be the
// same text: the data, and the errors' messages, paths, locations, extensions and original errors.
// The operations: every GET of the REST API (its OpenAPI paths, with seeded ids and with ids that do
// not exist), and every query document of the console and of the REST adapter sent to the gateway
// with variables made up from their types (ids of the seeded rows where the name says which).
import fs from 'node:fs';
import path from 'node:path';
import {
  buildSchema,
  GraphQLInputType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  OperationDefinitionNode,
  OperationTypeNode,
  parse,
  print,
  typeFromAST,
  type DocumentNode,
} from 'graphql';
import * as consoleDocuments from '../../console/src/graphql/generated';
import * as adapterDocuments from '../../rest-adapter/operations/operations.generated';
import { differentialCheck, ExecutionMismatch } from '../../platform/subgraph/compiled-execution';
import { auth, createTestTenant, graphql, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { seedProfiles, seedStoredSearches } from '../helpers/profile-fixtures';

let platform: TestPlatform;
let tenant: TestTenant;
const ids: Record<string, string> = {};
const mismatches: ExecutionMismatch[] = [];
const compiledOperations = new Set<string>();

// Compiled is the default, but a run may set another engine (VIGIL_SUBGRAPH_EXECUTION): this one runs compiled.
const executionBefore = process.env.VIGIL_SUBGRAPH_EXECUTION;

beforeAll(async () => {
  process.env.VIGIL_SUBGRAPH_EXECUTION = 'compiled';
  platform = await startTestPlatform({ services: ['profiles', 'idv', 'screening', 'risk', 'gateway', 'rest-adapter'] });
  tenant = await createTestTenant(platform, { riskAssessments: true });
  const profiles = await seedProfiles(platform, tenant, ['Compiled One', 'Compiled Two', 'Compiled Three']);
  ids.profile = profiles[0];
  const session = await request(platform.restUrl, 'POST', '/idv/v1/sessions', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { profile_id: profiles[0] },
  });
  expect(session.status).toBe(201);
  ids.session = session.body.data.id;
  // A stored search with two matches on every profile (no lists are loaded here, so no search would match).
  await seedStoredSearches(platform, tenant, profiles, 'Compiled');

  const [search] = await platform.db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT id FROM screening.search_requests WHERE profile_id = $1`,
    profiles[0],
  );
  ids.search = search.id;
  const [match] = await platform.db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT id FROM screening.search_matches WHERE request_id = $1`,
    search.id,
  );
  ids.match = match.id;
  differentialCheck.listener = (mismatch, operation) => {
    compiledOperations.add(operation);
    // Fields that say when they were computed (a verification's checkedAt, a range ending now) differ between two runs.
    if (mismatch && !sameButForRunInstants(mismatch.compiled, mismatch.graphqlJs)) mismatches.push(mismatch);
  };
}, 180_000);

afterAll(async () => {
  differentialCheck.listener = null;
  await platform?.close();
  if (executionBefore === undefined) delete process.env.VIGIL_SUBGRAPH_EXECUTION;
  else process.env.VIGIL_SUBGRAPH_EXECUTION = executionBefore;
});

const INSTANT = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g;

/** Whether two answers are the same but for instants computed when each ran (a verification's
 * checkedAt, the threshold lab's "last 30 days" start): every instant of one within a minute of the
 * instant at the same place in the other. */
function sameButForRunInstants(one: string, other: string): boolean {
  if (one.replace(INSTANT, '<instant>') !== other.replace(INSTANT, '<instant>')) return false;
  const theirs = other.match(INSTANT) ?? [];
  return (one.match(INSTANT) ?? []).every((instant, index) => Math.abs(Date.parse(instant) - Date.parse(theirs[index])) < 60_000);
}

const MISSING = '00000000-0000-4000-8000-000000000000';

/** A seeded id for a parameter or variable name, by what the name says (a profile's by default). */
function idFor(name: string): string {
  const lower = name.toLowerCase();
  if (lower.includes('session')) return ids.session;
  if (lower.includes('match')) return ids.match;
  if (lower.includes('search') || lower.includes('request')) return ids.search;
  return ids.profile;
}

it('answers every GET of the REST API as graphql-js would, with seeded ids and missing ones', async () => {
  const { paths } = (await request(platform.restUrl, 'GET', '/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
  const gets = Object.keys(paths).filter((route) => paths[route].get);
  expect(gets.length).toBeGreaterThan(20);
  for (const route of gets) {
    for (const pick of [idFor, () => MISSING]) {
      const url = route.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => pick(name));
      await request(platform.restUrl, 'GET', url, { headers: auth.apiKey(tenant.apiKey) });
      // A list with a filter the API refuses, and one it takes.
      if (!route.includes('{'))
        await request(platform.restUrl, 'GET', `${url}?limit=2&status=no_such_status`, { headers: auth.apiKey(tenant.apiKey) });
    }
  }
  expect(mismatches).toEqual([]);
  expect(compiledOperations.size).toBeGreaterThan(15);
}, 120_000);

/** The API schema the gateway serves (committed; `npm run schema:update` prints it). */
const apiSchema = buildSchema(fs.readFileSync(path.resolve(__dirname, '..', '..', 'supergraph.graphql'), 'utf8'));

const SCALAR_SAMPLES: Record<string, unknown> = {
  Int: 5,
  Float: 0.5,
  Boolean: false,
  String: 'Compiled',
  DateTime: '2026-01-01T00:00:00.000Z',
  LocalDate: '2026-01-01',
  EmailAddress: 'compiled@example.com',
  URL: 'https://example.com/',
  CountryCode: 'DE',
  JSON: {},
  JSONObject: {},
  BigInt: 1,
};

/** A value of an input type: required fields only, the first enum value, seeded ids by name. */
function sample(type: GraphQLInputType, name: string): unknown {
  if (isNonNullType(type)) return sample(type.ofType, name);
  if (isListType(type)) return [sample(type.ofType, name)];
  if (isEnumType(type)) return type.getValues()[0].value;
  if (isInputObjectType(type)) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) if (isNonNullType(field.type)) value[field.name] = sample(field.type, field.name);
    return value;
  }
  if (type.name === 'ID') return idFor(name);
  return SCALAR_SAMPLES[type.name] ?? 'x';
}

/** Every query the console and the REST adapter send: their generated typed documents, each with the
 * fragments it spreads (the console's as text, the adapter's as parsed documents). */
function generatedQueries(): { document: DocumentNode; operation: OperationDefinitionNode }[] {
  return [...Object.values(consoleDocuments), ...Object.values(adapterDocuments)].flatMap((value) => {
    const document =
      value instanceof String
        ? parse(value.toString())
        : (value as Partial<DocumentNode> | null)?.kind === Kind.DOCUMENT
          ? (value as DocumentNode)
          : null;
    const operation = document?.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    return document && operation?.operation === OperationTypeNode.QUERY ? [{ document, operation }] : [];
  });
}

it('answers every query of the console and of the REST adapter through the gateway as graphql-js would', async () => {
  const queries = generatedQueries();
  expect(queries.length).toBeGreaterThan(40);
  const before = compiledOperations.size;
  let answered = 0;
  for (const query of queries) {
    const variables: Record<string, unknown> = {};
    for (const definition of query.operation.variableDefinitions ?? []) {
      const type = typeFromAST(apiSchema, definition.type as never) as GraphQLInputType | undefined;
      if (type && (isNonNullType(type) || definition.variable.name.value.toLowerCase().endsWith('id')))
        variables[definition.variable.name.value] = sample(type, definition.variable.name.value);
    }
    const response = await graphql(platform, auth.apiKey(tenant.apiKey), print(query.document), variables);
    if (response.status === 200 && response.body.data) answered++;
  }
  expect(answered).toBeGreaterThan(queries.length / 2);
  expect(mismatches).toEqual([]);
  expect(compiledOperations.size).toBeGreaterThan(before);
}, 120_000);
