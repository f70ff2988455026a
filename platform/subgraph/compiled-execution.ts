// A subgraph's operations executed by graphql-jit: compiled once per (document, operation name),
// then run as generated code, instead of graphql-js interpreting the operation per field per
// request (getArgumentValues, completeValue, a path object and a result map per field: ~20-32 % of
// the busy CPU of the read paths, docs/performance.md "Read path").
//
// The subgraph's Apollo Server takes it through its `gateway` option: Apollo Server still parses,
// validates (its rules and the operation limits), runs every plugin (role checks, refusals as
// results) and formats every error through the one formatError; only the execution step calls
// `executor` here instead of graphql-js's `execute`. The answers are graphql-js's, by construction
// where graphql-jit cannot be trusted to match:
//
// - not compiled (graphql-js from the start): mutations and subscriptions (serial execution,
//   side effects that must not run twice), introspection (`__schema`, `__type`), anything
//   graphql-jit fails to compile (logged once per operation) and, with `minFields`, queries that
//   select fewer fields (the 'deep' engine, a setting: the default compiles every query, which
//   measured cheaper on every read path, a single profile's 18 fields included);
// - variables are coerced by graphql-js first; when it refuses them, graphql-js answers (its exact
//   messages, which Apollo Server recognises as BAD_USER_INPUT);
// - an answer without errors is graphql-jit's (the same data: compiled-execution.test.ts compares
//   both executors on every operation the gateway sends for the REST adapter's reads);
// - an answer with one error thrown or returned by a resolver is graphql-jit's data with that error
//   rebuilt as graphql-js builds it (`locatedError`: the same message, path, locations, extensions
//   and originalError, so formatError maps a DomainError as before);
// - any other error (several errors, whose order graphql-jit does not keep; a leaf value a scalar
//   cannot serialize; an abstract type that resolves to no possible type; a non-list for a list),
//   or an unexpected exception of the compiled code (logged once per operation), runs the operation
//   again with graphql-js on a fresh context, and that answer is the one sent. Queries only: a
//   query that failed twice reads twice.
import {
  execute,
  getVariableValues,
  GraphQLError,
  isLeafType,
  Kind,
  OperationTypeNode,
  visit,
  type DocumentNode,
  type FragmentDefinitionNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import type { Logger } from '../logging/logger';
import { errorSummary } from '../logging/logger';
import { onlyJsonValues, toJsonValues } from './json-values';

type Gateway = ApolloServerOptionsWithGateway<BaseContext>['gateway'];
type GatewayExecutor = NonNullable<Awaited<ReturnType<Gateway['load']>>['executor']>;
type GatewayRequestContext = Parameters<GatewayExecutor>[0];

/** Compiled operations kept per subgraph: far more than the operations the gateway's plans send it. */
const MAX_COMPILED_DOCUMENTS = 1000;

interface Compiled {
  query: CompiledQuery['query'];
  /** The document has a `@skip` or `@include`: graphql-jit writes an undefined value for a skipped field. */
  skipsOrIncludes: boolean;
  /** The operation's label for the log (its name, or its first root field). */
  label: string;
  /** Logged once: the compiled code threw. */
  warned: boolean;
}

/** Per query text: per operation name (`''` for none), the compiled operation or null (graphql-js). */
type CompiledByName = Map<string, Compiled | null>;

export interface CompiledExecutionOptions<Context> {
  /** The subgraph's own log (compile failures, unexpected exceptions of the compiled code). */
  log: Logger;
  /** A new context for the same caller, for the graphql-js re-run of an answer with errors. */
  freshContext(used: Context): Context;
  /** Queries selecting fewer fields than this (selectedFieldCount) run graphql-js; 0: every query compiled. */
  minFields?: number;
}

export interface CompiledExecution {
  /** For `new ApolloServer({ gateway })`: the subgraph's schema and this executor. */
  gateway: Gateway;
  executor: GatewayExecutor;
  /** Counters, for the tests and benches. */
  readonly counts: { compiled: number; graphqlJs: number; rerun: number; convertedError: number };
}

/** True when a selection set (with the document's fragments) reads the schema by introspection. */
function introspects(document: DocumentNode): boolean {
  const walk = (set: SelectionSetNode | undefined): boolean => {
    if (!set) return false;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value === '__schema' || selection.name.value === '__type') return true;
        if (walk(selection.selectionSet)) return true;
      } else if (selection.kind === Kind.INLINE_FRAGMENT && walk(selection.selectionSet)) return true;
    }
    return false;
  };
  // Every definition, fragments included: conservative and once per document.
  for (const definition of document.definitions)
    if ((definition.kind === Kind.OPERATION_DEFINITION || definition.kind === Kind.FRAGMENT_DEFINITION) && walk(definition.selectionSet))
      return true;
  return false;
}

/**
 * How many fields an operation selects, fragments expanded where they are spread (a field selected
 * in a fragment spread three times counts three times): the size of one object's answer, a
 * measure of the per-field work graphql-js would do for each object of a list.
 */
export function selectedFieldCount(document: DocumentNode, operation: OperationDefinitionNode): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const count = (set: SelectionSetNode | undefined, spreading: ReadonlySet<string>): number => {
    let fields = 0;
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.FIELD) fields += 1 + count(selection.selectionSet, spreading);
      else if (selection.kind === Kind.INLINE_FRAGMENT) fields += count(selection.selectionSet, spreading);
      else if (!spreading.has(selection.name.value)) {
        // A fragment spreading itself is refused by validation; the guard keeps this total anyway.
        fields += count(fragments.get(selection.name.value)?.selectionSet, new Set([...spreading, selection.name.value]));
      }
    }
    return fields;
  };
  return count(operation.selectionSet, new Set());
}

/**
 * Each leaf type's serializer for the compiled code. As graphql-js completes a leaf: a serialize
 * that answers null or undefined is an error there ("Expected `X.serialize(...)` to return
 * non-nullable value") where graphql-jit would write null; thrown here, so graphql-jit reports an
 * error and graphql-js answers. The schema's scalars serialize to JSON values already
 * (serializeScalarsToJsonValues), for both executors.
 */
function leafSerializers(schema: GraphQLSchema): Record<string, (value: unknown) => unknown> {
  const serializers: Record<string, (value: unknown) => unknown> = {};
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isLeafType(type)) continue;
    serializers[type.name] = (value) => {
      const serialized = type.serialize(value);
      if (serialized == null) throw new Error(`${type.name} serialized to ${String(serialized)}`);
      return serialized;
    };
  }
  return serializers;
}

/** True when a document has a `@skip` or `@include`. */
function hasSkipOrInclude(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Directive(node) {
      if (node.name.value === 'skip' || node.name.value === 'include') found = true;
    },
  });
  return found;
}

/**
 * One error of graphql-jit rebuilt as graphql-js's `locatedError` builds it from what a resolver
 * threw or returned; null when the error is not one graphql-jit made from such an error with the same
 * message (a null in a non-null position, a serializer's or type resolver's failure ...).
 */
function asGraphqlJsError(error: GraphQLError): GraphQLError | null {
  const original = error.originalError;
  if (!(original instanceof Error) || original.message !== error.message || !Array.isArray(error.path)) return null;
  if (original instanceof GraphQLError) {
    // Already located (a path of its own): graphql-js passes it on as it is.
    if (Array.isArray(original.path)) return original;
    // Nodes or positions of its own would give other locations than the field's: not rebuilt.
    if (original.nodes || original.positions || original.source) return null;
  }
  const rebuilt = new GraphQLError(original.message, { path: error.path, originalError: original });
  // graphql-js takes the locations from the field nodes; graphql-jit computed the same ones.
  (rebuilt as { locations: GraphQLError['locations'] }).locations = error.locations?.length ? error.locations : undefined;
  return rebuilt;
}

/** What a differential check compares of an answer: its data as JSON text, its errors' parts. */
export function comparableAnswer(result: ExecutionResult): string {
  return JSON.stringify({
    data: result.data,
    errors: result.errors?.map((error) => ({
      message: error.message,
      locations: error.locations,
      path: error.path,
      extensions: error.extensions,
      original: error.originalError && {
        type: error.originalError.constructor.name,
        message: error.originalError.message,
        code: (error.originalError as { code?: unknown }).code,
      },
    })),
  });
}

/** What a differential check compares, marked when the data holds anything but JSON values. */
function checkedAnswer(result: ExecutionResult): string {
  const comparable = comparableAnswer(result);
  return result.data === undefined || onlyJsonValues(result.data) ? comparable : `not JSON values only: ${comparable}`;
}

export interface ExecutionMismatch {
  operation: string;
  variables: unknown;
  compiled: string;
  graphqlJs: string;
}

/**
 * Tests only (compiled-execution.test.ts): while `listener` is set, every operation the compiled
 * path answers is also run by graphql-js on a fresh context, and a different answer is reported.
 */
export const differentialCheck: { listener: ((mismatch: ExecutionMismatch | null, operation: string) => void) | null } = {
  listener: null,
};

export function compiledExecution<Context extends BaseContext>(
  schema: GraphQLSchema,
  options: CompiledExecutionOptions<Context>,
): CompiledExecution {
  const compiledByText = new Map<string, CompiledByName>();
  const serializers = leafSerializers(schema);
  const counts = { compiled: 0, graphqlJs: 0, rerun: 0, convertedError: 0 };

  const compile = (document: DocumentNode, operation: OperationDefinitionNode, operationName: string | undefined): Compiled | null => {
    if (operation.operation !== OperationTypeNode.QUERY || introspects(document)) return null;
    if (options.minFields && selectedFieldCount(document, operation) < options.minFields) return null;
    const label =
      operation.name?.value ?? operation.selectionSet.selections.map((s) => (s.kind === Kind.FIELD ? s.name.value : '…')).join(',');
    try {
      const compiled = compileQuery(schema, document, operationName, {
        customSerializers: serializers,
        // Its own errors are rebuilt or replaced by graphql-js's: their stacks are never read.
        disablingCapturingStackErrors: true,
      });
      if (isCompiledQuery(compiled)) return { query: compiled.query, skipsOrIncludes: hasSkipOrInclude(document), label, warned: false };
      options.log.warn(
        { operation: label, errors: compiled.errors?.map((e) => e.message) },
        'graphql-jit cannot compile; graphql-js executes it',
      );
    } catch (error) {
      options.log.warn({ operation: label, err: errorSummary(error) }, 'graphql-jit cannot compile; graphql-js executes it');
    }
    return null;
  };

  /** The compiled operation for this request, or null for graphql-js; compiled on first sight. */
  const compiledFor = (requestContext: GatewayRequestContext): Compiled | null => {
    const { source, document, operation } = requestContext;
    if (source === undefined || !operation) return null;
    const name = requestContext.request.operationName ?? '';
    let byName = compiledByText.get(source);
    if (byName) {
      // Most recently used last: the first key is the one to evict.
      compiledByText.delete(source);
      compiledByText.set(source, byName);
    } else {
      byName = new Map();
      compiledByText.set(source, byName);
      if (compiledByText.size > MAX_COMPILED_DOCUMENTS) compiledByText.delete(compiledByText.keys().next().value as string);
    }
    let compiled = byName.get(name);
    if (compiled === undefined) {
      compiled = compile(document, operation, requestContext.request.operationName ?? undefined);
      byName.set(name, compiled);
    }
    return compiled;
  };

  /** What Apollo Server itself runs without a gateway (incrementalDeliveryPolyfill.js on graphql 16). */
  const graphqlJs = (requestContext: GatewayRequestContext, contextValue: unknown): Promise<ExecutionResult> | ExecutionResult => {
    counts.graphqlJs++;
    return execute({
      schema,
      document: requestContext.document,
      contextValue,
      variableValues: requestContext.request.variables,
      operationName: requestContext.request.operationName,
    });
  };

  const rerun = (requestContext: GatewayRequestContext) => {
    counts.rerun++;
    return graphqlJs(requestContext, options.freshContext(requestContext.context as Context));
  };

  const executor: GatewayExecutor = async (requestContext) => {
    const compiled = compiledFor(requestContext);
    if (!compiled) return graphqlJs(requestContext, requestContext.context);
    const { operation, request } = requestContext;
    // graphql-js decides which variables are valid, with its own messages.
    const variables = getVariableValues(schema, operation?.variableDefinitions ?? [], request.variables ?? {}, { maxErrors: 50 });
    if (variables.errors) return graphqlJs(requestContext, requestContext.context);
    let result: ExecutionResult;
    try {
      result = await compiled.query(undefined, requestContext.context, request.variables);
    } catch (error) {
      if (!compiled.warned) {
        compiled.warned = true;
        options.log.warn({ operation: compiled.label, err: errorSummary(error) }, 'graphql-jit threw; graphql-js answers this operation');
      }
      return rerun(requestContext);
    }
    counts.compiled++;
    let answer = await answerOf(result, requestContext);
    // Without the undefined values of skipped fields, as JSON and graphql-js leave them out.
    if (compiled.skipsOrIncludes && answer.data && answer.data === result.data)
      answer = { ...answer, data: toJsonValues(answer.data) as ExecutionResult['data'] };
    const check = differentialCheck.listener;
    if (check) {
      const expected = checkedAnswer(
        await execute({
          schema,
          document: requestContext.document,
          contextValue: options.freshContext(requestContext.context as Context),
          variableValues: request.variables,
          operationName: request.operationName,
        }),
      );
      const actual = checkedAnswer(answer);
      check(
        actual === expected ? null : { operation: compiled.label, variables: request.variables, compiled: actual, graphqlJs: expected },
        compiled.label,
      );
    }
    return answer;
  };

  /** graphql-jit's answer where it is graphql-js's, else graphql-js's own. */
  const answerOf = async (result: ExecutionResult, requestContext: GatewayRequestContext): Promise<ExecutionResult> => {
    const errors = result.errors;
    if (!errors?.length) return { data: result.data };
    if (errors.length === 1 && result.data !== undefined) {
      const error = asGraphqlJsError(errors[0]);
      if (error) {
        counts.convertedError++;
        return { errors: [error], data: result.data };
      }
    }
    return rerun(requestContext);
  };

  const gateway: Gateway = {
    async load() {
      return { schema, executor };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    async stop() {},
  };
  return { gateway, executor, counts };
}
