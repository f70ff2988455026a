// The custom scalars every subgraph may declare, from graphql-scalars. A subgraph's SDL
// declares the ones it uses (`scalar DateTime`); subgraph-server.ts adds their resolvers, so no
// subgraph wires them by hand and every subgraph serializes them the same way. There each one
// serializes to a JSON value (a DateTime to its ISO text: serializeScalarsToJsonValues).
import { GraphQLScalarType } from 'graphql';
import {
  BigIntResolver,
  CountryCodeResolver,
  DateTimeResolver,
  EmailAddressResolver,
  JSONObjectResolver,
  JSONResolver,
  LocalDateResolver,
  URLResolver,
} from 'graphql-scalars';

export const SHARED_SCALARS: Record<string, GraphQLScalarType> = {
  DateTime: DateTimeResolver,
  LocalDate: LocalDateResolver,
  EmailAddress: EmailAddressResolver,
  URL: URLResolver,
  CountryCode: CountryCodeResolver,
  BigInt: BigIntResolver,
  JSON: JSONResolver,
  JSONObject: JSONObjectResolver,
};

/** Resolvers of the shared scalars that this SDL declares (`scalar X`). */
export function sharedScalarsDeclaredIn(sdl: string): Record<string, GraphQLScalarType> {
  const declared = new Set([...sdl.matchAll(/^\s*scalar\s+([A-Za-z_]\w*)/gm)].map((match) => match[1]));
  return Object.fromEntries(Object.entries(SHARED_SCALARS).filter(([name]) => declared.has(name)));
}
