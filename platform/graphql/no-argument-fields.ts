// graphql-js builds the arguments of every field it executes (execution/values.js
// getArgumentValues, called per field per object by executeField): a null-prototype dictionary for
// the values, another keying the field node's arguments and a plain copy of the first to return,
// even for a field that declares no argument, which is almost every field of an answer. On the REST sessions page (~120 fields a
// session) those three objects were 32 % of all the bytes the process allocated, and the young
// generation's collections that follow are a quarter of its CPU (docs/performance.md, "Fields
// without arguments").
//
// For a definition without arguments graphql-js's answer is always an empty plain object
// (it loops over the definition's arguments only; validation has refused any argument the field
// does not declare), so such fields share one frozen empty object. A resolver cannot add to its
// arguments (none of ours writes to them); fields with arguments and directives take graphql-js's
// own function. Listed in platform/library-patches.ts with a shape check.
import path from 'node:path';
import type { GraphQLArgument } from 'graphql';

type GetArgumentValues = (def: { args: readonly GraphQLArgument[] }, node: unknown, variableValues?: unknown) => Record<string, unknown>;

/** What graphql-js would build for a field that declares no argument, shared and frozen. */
export const NO_ARGUMENTS: Readonly<Record<string, unknown>> = Object.freeze({});

const shortcuts = new WeakSet<GetArgumentValues>();

/** execution/values.js of the graphql-js copy the process runs (executeField reads its export at call time). */
export function graphqlValuesModule(): { getArgumentValues: GetArgumentValues } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the very CommonJS module object execute.js loaded, patched once at startup
  return require(path.join(path.dirname(require.resolve('graphql/package.json')), 'execution/values.js')) as {
    getArgumentValues: GetArgumentValues;
  };
}

/** Idempotent: fields without arguments share NO_ARGUMENTS from now on. */
export function shareArgumentsOfFieldsWithout(): void {
  const values = graphqlValuesModule();
  if (shortcuts.has(values.getArgumentValues)) return;
  const original = values.getArgumentValues;
  const getArgumentValues: GetArgumentValues = (def, node, variableValues) =>
    def.args.length === 0 ? NO_ARGUMENTS : original(def, node, variableValues);
  shortcuts.add(getArgumentValues);
  values.getArgumentValues = getArgumentValues;
}

/** True once the shortcut is installed (tests). */
export function sharesArgumentsOfFieldsWithout(): boolean {
  return shortcuts.has(graphqlValuesModule().getArgumentValues);
}
