// The planned result shaping against the gateway's own computeResponse: both run over the same
// operations and the same merged subgraph answers (valid ones, and ones with nulls in non-null
// positions, missing fields, wrong leaf values, unknown or abstract __typenames, join-only fields),
// and must answer the same data (same JSON, same key order) and the same errors, or both throw the
// same error. The operations are every operation the REST adapter sends (unions, named fragments)
// and a synthetic set for what those do not use (interfaces, aliases, @skip/@include, custom scalars).
import fs from 'node:fs';
import path from 'node:path';
import { Kind, parse } from 'graphql';
import {
  ComputeResponse,
  ComputeResponseArgs,
  FedOperation,
  gatewayShapingModules,
  planFor,
  planResultShaping,
} from './compiled-result-shaping';
import { mulberry32 } from '../lib/random/prng';

/* eslint-disable @typescript-eslint/no-explicit-any -- the federation-internals objects are walked untyped to generate answers */
const { shaping, fed } = gatewayShapingModules();
const fedAny = fed as any;
const original: ComputeResponse = (shaping.computeResponse as any)[Symbol.for('vigil.plannedResultShaping')]
  ? (() => {
      throw new Error('the planned shaping is already installed in this process: the test needs the original');
    })()
  : shaping.computeResponse;

/** Generates a merged subgraph answer for an operation: mostly valid, with faults at the given rate. */
function answerFor(operation: any, next: () => number, faults: number): Record<string, unknown> {
  const schema = operation.schema();
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  const leaf = (type: any): unknown => {
    if (fed.isEnumType(type)) return pick(type.values.map((value: { name: string }) => value.name));
    if (fed.isCustomScalarType(type)) return pick(['2026-11-27T10:00:00.000Z', 12, { nested: true }, 'text']);
    if (type === schema.booleanType()) return next() < 0.5;
    if (type === schema.intType()) return pick([0, 7, -3, 2 ** 40]);
    if (type === schema.floatType()) return pick([1.5, 0, 3]);
    if (type === schema.idType()) return pick(['id-1', 42]);
    return pick(['text', '']);
  };
  const wrong = (): unknown => pick([123, 'text', true, 1.5, 'NOT_A_VALUE', 1e21, Number.NaN, { object: 1 }, [1]]);
  const value = (type: any, selectionSet: any, depth: number): unknown => {
    if (fed.isNonNullType(type)) return value(type.ofType, selectionSet, depth);
    if (next() < faults) return null;
    if (fed.isListType(type)) {
      if (next() < faults / 10) return 'not a list';
      return Array.from({ length: depth > 4 ? 0 : Math.floor(next() * 3) }, () => value(type.ofType, selectionSet, depth + 1));
    }
    if (fed.isCompositeType(type)) {
      if (next() < faults / 10) return 'not an object';
      return object(type, selectionSet, depth + 1);
    }
    return next() < faults ? wrong() : leaf(type);
  };
  const object = (type: any, selectionSet: any, depth: number): Record<string, unknown> => {
    const output: Record<string, unknown> = { joinKey: 'only for a join' };
    const runtime = fedAny.possibleRuntimeTypes(type) as { name: string }[];
    const roll = next();
    if (roll < faults) output.__typename = pick(['Unknown', 'String', type.name]);
    else if (roll < 0.8 || !fed.isObjectType(type)) output.__typename = pick(runtime).name;
    fill(selectionSet, output, depth);
    return output;
  };
  const fill = (selectionSet: any, output: Record<string, unknown>, depth: number): void => {
    for (const selection of selectionSet.selections()) {
      if (selection.kind === 'FragmentSelection') {
        fill(selection.selectionSet, output, depth);
        continue;
      }
      const field = selection.element;
      if (field.name === '__typename') {
        if (field.responseName() !== '__typename' && next() < 0.5) output[field.responseName()] = output.__typename;
        continue;
      }
      if (next() < faults) continue; // absent
      output[field.responseName()] = value(field.definition.type, selection.selectionSet, depth);
    }
  };
  const root: Record<string, unknown> = {};
  fill(operation.selectionSet, root, 0);
  return root;
}

/** What a shaping answered, comparable: the data as JSON text (key order included), the errors' parts, or the thrown message. */
function outcome(shape: ComputeResponse, args: ComputeResponseArgs): unknown {
  try {
    const { data, errors } = shape(args);
    return {
      data: JSON.stringify(data),
      errors: errors.map((error: any) => ({ message: error.message, path: error.path, extensions: error.extensions })),
    };
  } catch (error) {
    return { threw: (error as Error).message };
  }
}

/** Every variable a `@skip`/`@include` reads, with booleans (sometimes missing or not a boolean). */
function variablesFor(document: string, next: () => number, faults: number): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const [, name] of document.matchAll(/@(?:skip|include)\(if: \$(\w+)\)/g)) {
    const roll = next();
    if (roll < faults / 5) continue;
    variables[name] = roll < faults / 3 ? 'yes' : next() < 0.5;
  }
  return variables;
}

interface Case {
  name: string;
  operation: FedOperation;
  text: string;
}

function compare(cases: Case[], runs: number, seed: number): { compared: number; planned: number; fallbacks: number } {
  let fallbacks = 0;
  const counted: ComputeResponse = (args) => {
    fallbacks++;
    return original(args);
  };
  const planned = planResultShaping(fed, counted);
  let compared = 0;
  for (const [index, testCase] of cases.entries()) {
    const next = mulberry32(seed + index);
    for (let run = 0; run < runs; run++) {
      const faults = run === 0 ? 0 : pickRate(run);
      const input = answerFor(testCase.operation, next, faults);
      const args: ComputeResponseArgs = {
        operation: testCase.operation,
        variables: variablesFor(testCase.text, next, faults),
        input,
        introspectionHandling: () => ({ introspected: true }),
      };
      const expected = outcome(original, args);
      const before = fallbacks;
      const actual = outcome(planned, args);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        throw new Error(
          `${testCase.name}, run ${run}${fallbacks > before ? ' (fell back)' : ''}:\ninput ${JSON.stringify(input)}\n` +
            `expected ${JSON.stringify(expected)}\nactual   ${JSON.stringify(actual)}`,
        );
      }
      compared++;
    }
  }
  return { compared, planned: compared - fallbacks, fallbacks };
}

const pickRate = (run: number): number => [0.02, 0.1, 0.3][run % 3];

describe('planned result shaping', () => {
  it("answers what the gateway's computeResponse answers, for every operation the REST adapter sends", () => {
    // The committed API schema (npm run schema:update prints it from the composition): composing here would take seconds.
    const apiSchema = fedAny.buildSchema(fs.readFileSync(path.resolve(__dirname, '..', 'supergraph.graphql'), 'utf8'));
    const folder = path.resolve(__dirname, '..', 'rest-adapter', 'operations');
    const text = fs
      .readdirSync(folder)
      .filter((file) => file.endsWith('.graphql'))
      .map((file) => fs.readFileSync(path.join(folder, file), 'utf8'))
      .join('\n');
    const document = parse(text);
    const cases: Case[] = document.definitions.flatMap((definition) =>
      definition.kind === Kind.OPERATION_DEFINITION && definition.name
        ? [
            {
              name: definition.name.value,
              operation: fedAny.operationFromDocument(apiSchema, document, { operationName: definition.name.value, validate: false }),
              text,
            },
          ]
        : [],
    );
    expect(cases.length).toBeGreaterThan(100);
    for (const testCase of cases) expect(planFor(fed, testCase.operation)).not.toBeNull();
    const { compared, planned } = compare(cases, 6, 1);
    expect(compared).toBe(cases.length * 6);
    // Most answers are shaped by the plan; the rest are ones the library fails an assertion on.
    expect(planned / compared).toBeGreaterThan(0.8);
  });

  const sdl = `
    scalar DateTime
    enum Colour { RED GREEN }
    interface Node { id: ID! }
    interface Named { name: String }
    type Person implements Node & Named { id: ID! name: String age: Int born: DateTime colour: Colour! friends: [Node!] tags: [String]! }
    type Robot implements Node & Named { id: ID! name: String model: String! weight: Float parts: [[Int!]!] }
    type Rock implements Node { id: ID! mass: Float! }
    union Thing = Person | Robot | Rock
    type Query {
      node(id: ID!): Node
      nodes: [Node]!
      things: [Thing!]!
      thing: Thing!
      person: Person!
      count: Int
      flag: Boolean!
      toString: String
      colours: [Colour!]
    }
  `;
  const operations = [
    '{ node(id: "1") { id __typename ... on Person { name age friends { id ... on Robot { model } } } ... on Robot { model parts } } }',
    '{ nodes { kind: __typename ...on Named { name } ...NodeBits } } fragment NodeBits on Node { id ... on Rock { mass } }',
    '{ things { __typename ... on Person { id colour tags } ... on Robot { id weight } ... on Node { id } ... on Named { name } } }',
    '{ thing { ... on Node { ident: id } ... on Person { name } } person { colour born who: name name } count flag toString colours }',
    'query ($a: Boolean!, $b: Boolean = true) { person { id @skip(if: $a) name @include(if: $b) friends @include(if: $a) { id } ... on Person @skip(if: $b) { age } } count @include(if: false) flag @skip(if: false) }',
    '{ p1: person { id name } p2: person { id n: name age } person { ...P ...P2 } } fragment P on Person { id friends { id } } fragment P2 on Person { friends { __typename ... on Person { tags } } }',
    '{ nodes { ... on Thing { ... on Person { name } } ... on Robot { ... on Named { name } } } }',
    '{ thing { ...T } } fragment T on Thing { __typename ... on Rock { id mass } }',
  ];

  it('answers what computeResponse answers for interfaces, unions, aliases, @skip/@include, custom scalars and enums', () => {
    const schema = fedAny.buildSchema(sdl);
    const cases: Case[] = operations.map((text, index) => ({
      name: `synthetic ${index}: ${text}`,
      operation: fedAny.operationFromDocument(schema, parse(text), { validate: false }),
      text,
    }));
    for (const testCase of cases) expect(planFor(fed, testCase.operation)).not.toBeNull();
    const { compared, planned } = compare(cases, 200, 1000);
    expect(compared).toBe(cases.length * 200);
    expect(planned / compared).toBeGreaterThan(0.7);
  });

  it('leaves introspection to the library', () => {
    const schema = fedAny.buildSchema(sdl);
    const operation = fedAny.operationFromDocument(schema, parse('{ count __schema { queryType { name } } }'), { validate: false });
    expect(planFor(fed, operation)).toBeNull();
    const introspectionHandling = jest.fn(() => ({ queryType: { name: 'Query' } }));
    const shaped = planResultShaping(fed, original)({ operation, variables: {}, input: { count: 1 }, introspectionHandling });
    expect(JSON.stringify(shaped.data)).toBe('{"count":1,"__schema":{"queryType":{"name":"Query"}}}');
    expect(introspectionHandling).toHaveBeenCalledTimes(1);
  });

  it('nulls a non-null position up to the nearest nullable one, with one error at the failing position', () => {
    const schema = fedAny.buildSchema(sdl);
    const operation = fedAny.operationFromDocument(schema, parse('{ node(id: "1") { id ... on Robot { model } } count }'), {
      validate: false,
    });
    const shaped = planResultShaping(
      fed,
      original,
    )({
      operation,
      variables: {},
      input: { node: { __typename: 'Robot', id: 'r', model: null }, count: 2 },
      introspectionHandling: () => null,
    });
    expect(JSON.stringify(shaped.data)).toBe('{"node":null,"count":2}');
    expect(shaped.errors.map((error: any) => [error.message, error.path])).toEqual([
      ['Cannot return null for non-nullable field Robot.model.', ['node', 'model']],
    ]);
  });
});
