// scalar JSONObject of the IDV core's rich inputs and outputs: graphql-scalars' JSONObject, except
// that input coercion lets a top-level value that is not an object through to the resolver, so that
// the IDV service refuses it with its own 400 schema_validation_failed (the same code, message and
// rule order as for a REST body that is not an object). Why: the gateway's supergraph knows the
// scalar only by name and accepts any value; a coercion failure in this subgraph would reach the
// gateway as an HTTP 400 of the subgraph call, which callers would see as internal_error.
// Output stays strict (a resolver returning a non-object is a bug).
import { GraphQLScalarType, Kind, valueFromASTUntyped } from 'graphql';
import { JSONObjectResolver } from 'graphql-scalars';

export const IdvJSONObject = new GraphQLScalarType({
  ...JSONObjectResolver.toConfig(),
  // The description of schema.graphql stays (buildSubgraphSchema copies only defined fields).
  description: undefined,
  // graphql-scalars' parseValue returns an object as it is; anything else is left to the service.
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => (ast.kind === Kind.OBJECT ? JSONObjectResolver.parseLiteral(ast, variables) : valueFromASTUntyped(ast, variables)),
});
