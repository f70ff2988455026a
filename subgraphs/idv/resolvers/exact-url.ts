// scalar ExactURL: an absolute URL kept exactly as written. graphql-scalars' URL normalizes
// (resolves dot segments, adds a trailing slash, lowercases the host), but a session's return_url
// must stay the exact full URL the application gave: the entitlement check compares it, dot
// segments are refused rather than resolved, and the hosted page sends the customer to it.
// Input strings pass through to the service, which checks them by the interface's rules (HTTPS,
// no userinfo, query or fragment, ...) with its own code and message; output must parse as a URL.
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

export const ExactURLScalar = new GraphQLScalarType({
  name: 'ExactURL',
  serialize: (value) => {
    if (typeof value !== 'string' || !URL.canParse(value)) throw new GraphQLError(`ExactURL cannot represent ${JSON.stringify(value)}`);
    return value;
  },
  parseValue: (value) => {
    if (typeof value !== 'string') throw new GraphQLError('ExactURL must be a string');
    return value;
  },
  parseLiteral: (ast) => (ast.kind === Kind.STRING ? ast.value : undefined),
});
