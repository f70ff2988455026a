// One federation `Operation` per parsed document, not one per request.
//
// @apollo/gateway caches the query plan per document, but its executeQueryPlan rebuilds the
// federation `Operation` (a typed copy of the document's selections against the API schema) from
// the document on every request, only to shape the answer (computeResponse). In the CPU profiles
// of `bench:screening` that rebuild was 7 % of the busy CPU of a REST search-sync (0.15 ms): about a
// quarter of what the REST adapter + gateway add to the subgraph's own work, the largest single item
// (docs/performance.md).
//
// Apollo Server hands the gateway the same parsed DocumentNode for the same query text (its
// document store), so the operation definition and fragment nodes are the same objects request
// after request: the Operation built for them is remembered in a WeakMap keyed by those nodes (it
// goes when the document leaves Apollo Server's store). The gateway only reads the Operation
// (its selections, variables and schema); the library has no option for this, so its
// `operationFromDocument` export is wrapped once per process. Any other document, schema or option
// falls through to the original function. Listed in platform/library-patches.ts.
import path from 'node:path';
import type { DefinitionNode, DocumentNode } from 'graphql';

type OperationFromDocument = (schema: object, document: DocumentNode, options?: { operationName?: string; validate?: boolean }) => unknown;

interface CachedOperation {
  schema: object;
  definitions: readonly DefinitionNode[];
  operationName: string | undefined;
  validate: boolean | undefined;
  operation: unknown;
}

const MEMOIZED = Symbol.for('vigil.memoizedOperationFromDocument');

interface OperationsModule {
  operationFromDocument: OperationFromDocument & { [MEMOIZED]?: true };
}

/** The module whose `operationFromDocument` the gateway calls (through the package's index getters). */
function operationsModule(): OperationsModule {
  // @apollo/gateway resolves @apollo/federation-internals from its own folder: resolve it from there.
  const gatewayEntry = require.resolve('@apollo/gateway');
  const internalsEntry = require.resolve('@apollo/federation-internals', { paths: [path.dirname(gatewayEntry)] });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the very CommonJS module object the gateway loaded (by a resolved path, not a package export), patched synchronously at startup
  return require(path.join(path.dirname(internalsEntry), 'operations.js')) as OperationsModule;
}

/** Same definitions, in the same order, as the cached entry. */
function sameDefinitions(a: readonly DefinitionNode[], b: readonly DefinitionNode[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function memoizeOperationFromDocument(original: OperationFromDocument): OperationFromDocument {
  const cache = new WeakMap<DefinitionNode, CachedOperation[]>();
  return (schema, document, options) => {
    const first = document.definitions[0];
    if (!first) return original(schema, document, options);
    const entries = cache.get(first) ?? [];
    const hit = entries.find(
      (entry) =>
        entry.schema === schema &&
        entry.operationName === options?.operationName &&
        entry.validate === options?.validate &&
        sameDefinitions(entry.definitions, document.definitions),
    );
    if (hit) return hit.operation;
    // Errors (an invalid document) are thrown as before and not remembered.
    const operation = original(schema, document, options);
    // A few variants per document at most (planning validates, execution does not): keep it bounded.
    if (entries.length >= 4) entries.shift();
    entries.push({
      schema,
      definitions: [...document.definitions],
      operationName: options?.operationName,
      validate: options?.validate,
      operation,
    });
    cache.set(first, entries);
    return operation;
  };
}

/** Installs the memoized `operationFromDocument` once per process (idempotent). */
export function installFederatedOperationCache(): void {
  const operations = operationsModule();
  if (typeof operations.operationFromDocument !== 'function' || operations.operationFromDocument[MEMOIZED]) return;
  const memoized = Object.assign(memoizeOperationFromDocument(operations.operationFromDocument), { [MEMOIZED]: true as const });
  operations.operationFromDocument = memoized;
}
