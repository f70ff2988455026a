// scalar DeclarableIdType: an identity document type a customer may declare (IDV interface,
// DeclarableIdType): a built-in value (passport, driver_license, ...) or a custom id type of the
// session's id_capture step (^[a-z0-9_-]{1,64}$, never `unknown`). An open set by the spec (each
// workflow names its own custom types), so a validated scalar rather than an enum.
// scalar InferredIdType: the same, or `unknown` (an inference outcome, never declarable).
// Input coercion passes strings through: the service refuses a bad value with its own
// 400 schema_validation_failed naming the field (a coercion failure in the subgraph would reach the
// gateway as a failed subgraph call, i.e. internal_error). Output is strict.
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { isDeclarableIdType } from '../model/steps';

function idTypeScalar(name: string, allowUnknown: boolean): GraphQLScalarType {
  return new GraphQLScalarType({
    name,
    serialize: (value) => {
      // The plain predicate, not the zod schema: serialized for every id type of every session read.
      const valid = typeof value === 'string' && ((allowUnknown && value === 'unknown') || isDeclarableIdType(value));
      if (!valid) throw new GraphQLError(`${name} cannot represent ${JSON.stringify(value)}`);
      return value;
    },
    parseValue: (value) => value,
    parseLiteral: (ast) => (ast.kind === Kind.STRING ? ast.value : undefined),
  });
}

export const DeclarableIdTypeScalar = idTypeScalar('DeclarableIdType', false);
export const InferredIdTypeScalar = idTypeScalar('InferredIdType', true);
