// npx tsx bench/result-shaping.bench.ts — the gateway's result shaping in process, the library's
// `computeResponse` beside the planned one (gateway/compiled-result-shaping.ts), on the REST sessions
// page's operation (`Sessions`, 20 sessions, every documented field) over a generated answer: CPU per
// call, and the CPU of JSON.stringify over each one's output (the library builds prototype-less
// objects, the planned shaping ordinary ones). No database, no HTTP: the shaping alone.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'graphql';
import { SubgraphName } from '../platform/subgraph/subgraph-definition';
import { composeSupergraph, SUBGRAPH_NAMES } from '../gateway/supergraph';
import { ComputeResponseArgs, gatewayShapingModules, planResultShaping } from '../gateway/compiled-result-shaping';

/** The federation-internals parts this bench walks (the package has no typed export path here). */
interface Type {
  name: string;
  ofType: Type;
  values: { name: string }[];
}
interface SelectionSet {
  selections(): {
    kind: string;
    selectionSet: SelectionSet;
    element: { name: string; responseName(): string; definition: { type: Type } };
  }[];
}
interface Schema {
  booleanType(): Type;
  intType(): Type;
  floatType(): Type;
}
interface Internals {
  Supergraph: { build(sdl: string): { apiSchema(): unknown } };
  operationFromDocument(schema: unknown, document: unknown, options: object): { schema(): Schema; selectionSet: SelectionSet };
  possibleRuntimeTypes(type: Type): Type[];
  isNonNullType(type: Type): boolean;
  isListType(type: Type): boolean;
  isCompositeType(type: Type): boolean;
  isEnumType(type: Type): boolean;
}

const CALLS = 2000;
const { shaping, fed } = gatewayShapingModules();
const internals = fed as unknown as Internals;
const urls = Object.fromEntries(SUBGRAPH_NAMES.map((name) => [name, `http://${name}.invalid/graphql`])) as Record<SubgraphName, string>;
const apiSchema = internals.Supergraph.build(composeSupergraph(urls)).apiSchema();
const text = fs.readFileSync(path.resolve(__dirname, '..', 'rest-adapter', 'operations', 'idv.graphql'), 'utf8');
const operation = internals.operationFromDocument(apiSchema, parse(text), { operationName: 'Sessions', validate: false });
const schema = operation.schema();

/** A valid answer: every selected field, lists of two, the first possible type of each abstract position, a join-only field. */
function value(type: Type, selectionSet: SelectionSet): unknown {
  if (internals.isNonNullType(type)) return value(type.ofType, selectionSet);
  if (internals.isListType(type)) return [value(type.ofType, selectionSet), value(type.ofType, selectionSet)];
  if (internals.isCompositeType(type)) {
    const object: Record<string, unknown> = { __typename: internals.possibleRuntimeTypes(type)[0].name, joinKey: 'k' };
    fill(selectionSet, object);
    return object;
  }
  if (internals.isEnumType(type)) return type.values[0].name;
  if (type === schema.booleanType()) return true;
  if (type === schema.intType() || type === schema.floatType()) return 3;
  return 'text';
}
function fill(selectionSet: SelectionSet, object: Record<string, unknown>): void {
  for (const selection of selectionSet.selections()) {
    if (selection.kind === 'FragmentSelection') fill(selection.selectionSet, object);
    else if (selection.element.name !== '__typename')
      object[selection.element.responseName()] = value(selection.element.definition.type, selection.selectionSet);
  }
}
const input: Record<string, unknown> = {};
fill(operation.selectionSet, input);
const connection = input.verificationSessions as { nodes: unknown[] };
connection.nodes = Array.from({ length: 20 }, () => structuredClone(connection.nodes[0]));

const library = shaping.computeResponse;
const planned = planResultShaping(fed, library);
const args = { operation, variables: {}, input, introspectionHandling: () => null } as unknown as ComputeResponseArgs;
const libraryData = library(args).data;
const plannedData = planned(args).data;
if (JSON.stringify(libraryData) !== JSON.stringify(plannedData)) throw new Error('the two shapings disagree');
console.log(`Sessions page, 20 sessions, ${JSON.stringify(plannedData).length} bytes of JSON; CPU ms per call, ${CALLS} calls each`);

function cpuPerCall(run: () => unknown): string {
  for (let i = 0; i < CALLS / 5; i++) run(); // warm-up
  const before = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) run();
  const used = process.cpuUsage(before);
  return ((used.user + used.system) / 1000 / CALLS).toFixed(3);
}
for (let round = 1; round <= 2; round++) {
  console.log(
    `round ${round}: computeResponse ${cpuPerCall(() => library(args))}, planned ${cpuPerCall(() => planned(args))}; ` +
      `JSON.stringify of its output ${cpuPerCall(() => JSON.stringify(libraryData))}, of the planned ${cpuPerCall(() => JSON.stringify(plannedData))}`,
  );
}
