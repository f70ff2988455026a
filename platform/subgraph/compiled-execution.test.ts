// The compiled executor (graphql-jit) against graphql-js on the same subgraph server: both Apollo
// Servers are built as every subgraph's is (startSubgraphApollo: the same plugins and formatError),
// one executing with graphql-js, one with the compiled executor, over a synthetic federated schema
// with what the real subgraphs use (entities and `_entities`, `_service`, interfaces and unions,
// custom scalars, enums, lists, aliases, fragments, `@skip`/`@include`, async resolvers) and every
// kind of error (a domain error, an unknown error, nulls in non-null positions, values a scalar
// cannot serialize, invalid variables, an unknown operation name, introspection). The whole answer
// (body and HTTP status) must be the same text. The real subgraphs' operations are compared in
// test/platform/compiled-execution.test.ts.
import type { ApolloServer } from '@apollo/server';
import { parse, type OperationDefinitionNode } from 'graphql';
import { DomainError } from '../errors/domain-error';
import { logger } from '../logging/logger';
import type { Principal } from '../principal/principal';
import { DEEP_OPERATION_FIELDS, startSubgraphApollo } from './subgraph-server';
import { differentialCheck, ExecutionMismatch, selectedFieldCount } from './compiled-execution';
import type { RequestContext } from './subgraph-definition';

const SDL = `
extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable"])
scalar DateTime
scalar EmailAddress
scalar URL
scalar CountryCode
scalar JSON
"""A colour."""
enum Colour { RED GREEN }
"""Something with an id."""
interface Node { id: ID! }
"""A person."""
type Person implements Node @key(fields: "id") {
  id: ID!
  name: String!
  email: EmailAddress
  site: URL
  country: CountryCode
  born: DateTime
  colour: Colour!
  friends: [Node!]
  tags: [String]!
  strict: String!
  failing: String
  unknownFailure: String
  meta: JSON
  later: String
  age(asOf: Int = 2026, plus: Int): Int
}
"""A robot."""
type Robot implements Node @key(fields: "id") { id: ID! model: String! parts: [Int!] }
"""A thing."""
union Thing = Person | Robot
type Query {
  person(id: ID!): Person
  people(first: Int = 2, colour: Colour, since: DateTime, emails: [EmailAddress!]): [Person!]!
  things: [Thing!]!
  node(id: ID!): Node
  mustPerson(id: ID!): Person!
  count: Int
}
type Mutation { rename(id: ID!, name: String!): Person }
`;

class TestError extends DomainError<'not_found' | 'forbidden'> {}

interface PersonRow {
  __typename?: string;
  id: string;
  name: string | null;
  email: string;
  site: string;
  country: string;
  born: Date | string;
  colour: string;
  tags: (string | null)[];
  strict: string | null;
  meta: unknown;
}

const PEOPLE: PersonRow[] = [
  {
    id: 'p1',
    name: 'Ada',
    email: 'ada@example.com',
    site: 'https://example.com/a',
    country: 'DE',
    born: new Date('1990-01-02T03:04:05.678Z'),
    colour: 'RED',
    tags: ['a', null],
    strict: 's',
    meta: { k: [1, 'x'] },
  },
  {
    id: 'p2',
    name: 'Bo',
    email: 'bo@example.com',
    site: 'https://example.com/b',
    country: 'FR',
    born: new Date('1985-05-06T00:00:00.000Z'),
    colour: 'GREEN',
    tags: [],
    strict: null,
    meta: null,
  },
  {
    id: 'p3',
    name: 'Cy',
    email: 'not an email',
    site: 'https://example.com/c',
    country: 'XX',
    born: 'not a date',
    colour: 'BLUE',
    tags: ['c'],
    strict: 's',
    meta: 'text',
  },
  {
    id: 'p4',
    name: null,
    email: 'd@example.com',
    site: 'https://example.com/d',
    country: 'IT',
    born: new Date(0),
    colour: 'RED',
    tags: ['d'],
    strict: 's',
    meta: 1,
  },
];
const ROBOTS = [{ id: 'r1', model: 'R2', parts: [1, 2] }];

const byId = (id: string) => {
  if (id === 'forbidden') throw new TestError('forbidden', 'Not in this workspace');
  const person = PEOPLE.find((p) => p.id === id);
  if (person) return { ...person, __typename: 'Person' };
  const robot = ROBOTS.find((r) => r.id === id);
  return robot ? { ...robot, __typename: 'Robot' } : null;
};

const resolvers = {
  Query: {
    person: async (_: unknown, args: { id: string }) => {
      const found = byId(args.id);
      if (!found) throw new TestError('not_found', `No person ${args.id}`);
      return found.__typename === 'Person' ? found : null;
    },
    people: (_: unknown, args: { first: number; colour?: string }) =>
      PEOPLE.slice(0, args.first)
        .filter((p) => !args.colour || p.colour === args.colour)
        .map((p) => ({ ...p })),
    things: () => [byId('p1'), byId('r1'), byId('p2')],
    node: (_: unknown, args: { id: string }) => byId(args.id),
    mustPerson: (_: unknown, args: { id: string }) => byId(args.id),
    count: () => Promise.resolve(PEOPLE.length),
  },
  Mutation: {
    rename: (_: unknown, args: { id: string; name: string }) => ({ ...byId(args.id), name: args.name }),
  },
  Node: { __resolveType: (node: { __typename: string }) => node.__typename },
  Thing: { __resolveType: (node: { __typename: string }) => node.__typename },
  Person: {
    __resolveReference: async (reference: { id: string }) => {
      if (reference.id === 'gone') throw new TestError('not_found', 'Gone');
      const found = byId(reference.id);
      return found && found.__typename === 'Person' ? found : null;
    },
    friends: (person: PersonRow) => (person.id === 'p1' ? [byId('p2'), byId('r1')] : person.id === 'p2' ? [] : null),
    failing: (person: PersonRow) => {
      if (person.id === 'p2') throw new TestError('forbidden', 'Not yours');
      return 'fine';
    },
    unknownFailure: (person: PersonRow) => {
      if (person.id === 'p2') throw new Error('database exploded');
      return 'fine';
    },
    later: async (person: PersonRow) => {
      await new Promise((resolve) => setImmediate(resolve));
      return person.id === 'p4' ? Promise.reject(new TestError('not_found', 'Later not found')) : `later ${person.id}`;
    },
    age: (_: PersonRow, args: { asOf: number; plus?: number }) => args.asOf - 1990 + (args.plus ?? 0) + ('plus' in args ? 1000 : 0),
  },
  Robot: {
    __resolveReference: (reference: { id: string }) => byId(reference.id),
  },
};

type Context = RequestContext & { calls: number };
const principal = { kind: 'application', tenantId: 'tenant', workspaceId: 'workspace', applicationId: 'app' } as unknown as Principal;
const definition = {
  name: 'profiles' as const,
  resolvers,
  createContext: (base: RequestContext): Context => ({ ...base, calls: 0 }),
};

let reference: ApolloServer<Context>;
let compiled: ApolloServer<Context>;
let counts: { compiled: number; graphqlJs: number; rerun: number; convertedError: number };

const mismatches: ExecutionMismatch[] = [];

beforeAll(async () => {
  // The executor's own check too: graphql-js beside each compiled answer, and JSON values only where promised.
  differentialCheck.listener = (mismatch) => {
    if (mismatch) mismatches.push(mismatch);
  };
  // The unknown error above is logged as 'unexpected error' by formatError, by both servers.
  logger.level = 'fatal';
  reference = (await startSubgraphApollo<Context>(definition, SDL, 'graphql-js')).apollo;
  const started = await startSubgraphApollo<Context>(definition, SDL, 'compiled');
  compiled = started.apollo;
  if (!started.execution) throw new Error('the compiled server has no compiled execution');
  counts = started.execution.counts;
});
afterAll(async () => {
  differentialCheck.listener = null;
  await reference?.stop();
  await compiled?.stop();
});

async function answer(server: ApolloServer<Context>, query: string, variables?: Record<string, unknown>, operationName?: string) {
  const response = await server.executeOperation(
    { query, variables, operationName },
    { contextValue: definition.createContext({ principal, requestId: 'req', log: logger }) },
  );
  return JSON.stringify({ status: response.http.status ?? 200, body: response.body });
}

const PERSON_FIELDS = 'id name email site country born colour tags strict meta age plus: age(plus: 1) asOf: age(asOf: 2000)';
const CASES: [string, string, Record<string, unknown>?, string?][] = [
  ['one person', `query ($id: ID!) { person(id: $id) { ${PERSON_FIELDS} } }`, { id: 'p1' }],
  ['a null in a non-null position bubbles to the person', `query ($id: ID!) { person(id: $id) { id strict } }`, { id: 'p2' }],
  ['a null in a non-null list bubbles to the root', `{ people(first: 3) { id strict } }`],
  ['a domain error of a resolver', `{ person(id: "nobody") { id } }`],
  ['a domain error of a field', `{ person(id: "p2") { id failing } }`],
  ['an unknown error of a field', `{ person(id: "p2") { id unknownFailure } }`],
  ['a rejected async field', `{ person(id: "p4") { id later } }`],
  ['several errors', `{ people(first: 4) { id failing later } }`],
  ['values scalars refuse (email, country, date, enum)', `{ person(id: "p3") { id email country born colour } }`],
  ['a null name of a non-null field', `{ person(id: "p4") { id name } }`],
  ['a non-null root', `query ($id: ID!) { mustPerson(id: $id) { id } count }`, { id: 'nobody' }],
  ['a non-null root, found', `query ($id: ID!) { mustPerson(id: $id) { id ... on Person { name } } count }`, { id: 'p1' }],
  ['a domain error at a non-null root', `{ mustPerson(id: "forbidden") { id } count }`],
  [
    'interfaces and unions',
    `{ things { __typename ... on Node { id } ... on Person { name friends { __typename id ... on Robot { model parts } } } ... on Robot { model } } }`,
  ],
  [
    'an interface field',
    `query ($id: ID!) { node(id: $id) { id kind: __typename ...P } } fragment P on Person { name tags }`,
    { id: 'r1' },
  ],
  ['aliases and repeated fields', `{ a: person(id: "p1") { id n: name name } b: person(id: "p2") { id name } }`],
  [
    '@skip/@include on variables and literals',
    `query ($skip: Boolean!, $include: Boolean = true) { people { id name @skip(if: $skip) email @include(if: $include) ... on Person @skip(if: $include) { site } tags @include(if: false) colour @skip(if: false) } }`,
    { skip: true },
  ],
  [
    '@skip/@include, the other way',
    `query ($skip: Boolean!, $include: Boolean = true) { people { id name @skip(if: $skip) email @include(if: $include) } }`,
    { skip: false, include: false },
  ],
  [
    'enum and DateTime variables',
    `query ($colour: Colour, $since: DateTime) { people(first: 4, colour: $colour, since: $since) { id colour } }`,
    { colour: 'RED', since: '2020-01-01T00:00:00Z' },
  ],
  ['an invalid enum variable', `query ($colour: Colour) { people(colour: $colour) { id } }`, { colour: 'BLUE' }],
  ['an invalid DateTime variable', `query ($since: DateTime) { people(since: $since) { id } }`, { since: 'yesterday' }],
  [
    'an invalid EmailAddress in a list variable',
    `query ($emails: [EmailAddress!]) { people(emails: $emails) { id } }`,
    { emails: ['a@example.com', 'nope'] },
  ],
  ['a missing required variable', `query ($id: ID!) { person(id: $id) { id } }`, {}],
  ['a variable of the wrong type', `query ($first: Int) { people(first: $first) { id } }`, { first: 'two' }],
  [
    'entities',
    `query ($representations: [_Any!]!) { _entities(representations: $representations) { __typename ... on Person { id name born friends { id } } ... on Robot { id model } } }`,
    {
      representations: [
        { __typename: 'Person', id: 'p1' },
        { __typename: 'Robot', id: 'r1' },
        { __typename: 'Person', id: 'missing' },
      ],
    },
  ],
  [
    'an entity that fails',
    `query ($representations: [_Any!]!) { _entities(representations: $representations) { ... on Person { id name } } }`,
    {
      representations: [
        { __typename: 'Person', id: 'p1' },
        { __typename: 'Person', id: 'gone' },
      ],
    },
  ],
  [
    'an entity of an unknown type',
    `query ($representations: [_Any!]!) { _entities(representations: $representations) { ... on Person { id } } }`,
    { representations: [{ __typename: 'Nobody', id: 'p1' }] },
  ],
  ['the service SDL', `{ _service { sdl } }`],
  ['introspection', `{ __schema { queryType { name } } __type(name: "Person") { fields { name } } }`],
  ['__typename only', `{ __typename }`],
  ['two operations, by name', `query A { count } query B { people { id } }`, undefined, 'B'],
  ['an unknown operation name', `query A { count }`, undefined, 'C'],
  ['a mutation', `mutation { rename(id: "p1", name: "Eve") { id name } }`],
  ['a validation error', `{ person { id } }`],
];

describe('compiled execution answers as graphql-js', () => {
  // Rows as objects: a row shorter than the function's parameters would make jest pass `done`.
  const rows = CASES.map(([name, query, variables, operationName]) => ({ name, query, variables, operationName }));
  it.each(rows)('$name', async ({ query, variables, operationName }) => {
    const expected = await answer(reference, query, variables, operationName);
    const actual = await answer(compiled, query, variables, operationName);
    expect(actual).toBe(expected);
    // And again: the second request runs the cached compiled operation.
    expect(await answer(compiled, query, variables, operationName)).toBe(expected);
  });

  it('ran most operations compiled, errors by graphql-js or rebuilt', () => {
    expect(mismatches).toEqual([]);
    expect(counts.compiled).toBeGreaterThan(30);
    expect(counts.convertedError).toBeGreaterThan(0);
    expect(counts.rerun).toBeGreaterThan(0);
  });
});

describe("the 'deep' engine", () => {
  it('counts the fields an operation selects, fragments expanded where they are spread', () => {
    const document = parse(`
      query Deep { people { ...Row friends { ...Row ... on Person { country } } } count }
      fragment Row on Person { id name email }
    `);
    const operation = document.definitions[0] as OperationDefinitionNode;
    // people, its three Row fields, friends, Row's three again, country; count.
    expect(selectedFieldCount(document, operation)).toBe(1 + 3 + 1 + 3 + 1 + 1);
  });

  it(`compiles queries of ${DEEP_OPERATION_FIELDS} fields or more, runs graphql-js for the others, and answers as graphql-js`, async () => {
    const started = await startSubgraphApollo<Context>(definition, SDL, 'deep');
    try {
      const deepCounts = started.execution!.counts;
      const fieldsOf = (query: string) => {
        const document = parse(query);
        return selectedFieldCount(document, document.definitions[0] as OperationDefinitionNode);
      };
      // The first two people answer these fields without errors (an answer with errors would be run again by graphql-js).
      const fields = 'id name email site country born colour tags meta age';
      const small = `{ people(first: 2) { ${fields} } }`;
      // The same fields under enough aliases to reach the threshold.
      const aliases = Math.ceil(DEEP_OPERATION_FIELDS / fieldsOf(small));
      const deep = `{ ${Array.from({ length: aliases }, (_, i) => `p${i}: people(first: 2) { ${fields} }`).join(' ')} }`;
      expect(fieldsOf(small)).toBeLessThan(DEEP_OPERATION_FIELDS);
      expect(fieldsOf(deep)).toBeGreaterThanOrEqual(DEEP_OPERATION_FIELDS);

      expect(await answer(started.apollo, small)).toBe(await answer(reference, small));
      expect(deepCounts).toMatchObject({ compiled: 0, graphqlJs: 1 });
      expect(await answer(started.apollo, deep)).toBe(await answer(reference, deep));
      expect(deepCounts).toMatchObject({ compiled: 1, graphqlJs: 1, rerun: 0 });
    } finally {
      await started.apollo.stop();
    }
  });
});
