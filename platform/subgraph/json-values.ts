// What a JSON round trip would make of a value, without writing the text: a caller in process must
// see exactly what it would read over HTTP, while skipping the stringify + parse. A subgraph's
// custom scalars serialize through it (serializeScalarsToJsonValues), so the data of a subgraph's
// answer is JSON values as execution builds it and an in-process caller takes it as it is; the
// errors of an answer and the REST adapter's variables are copied. It avoids per-object
// allocations beyond the copy and its key list (no Object.entries pairs).
import { isScalarType, isSpecifiedScalarType, type GraphQLSchema } from 'graphql';
import { DateTimeResolver } from 'graphql-scalars';
import { dateTimeJsonValue } from './date-time-json';

/** JSON drops these from objects and writes null for them in arrays. */
const droppedByJson = (item: unknown) => item === undefined || typeof item === 'function' || typeof item === 'symbol';

export function toJsonValues(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint': {
      const withToJson = value as unknown as { toJSON?: () => unknown };
      if (typeof withToJson.toJSON === 'function') return toJsonValues(withToJson.toJSON());
      throw new TypeError('Do not know how to serialize a BigInt');
    }
    case 'object': {
      if (value === null) return null;
      const withToJson = value as { toJSON?: () => unknown };
      if (typeof withToJson.toJSON === 'function') return toJsonValues(withToJson.toJSON());
      if (Array.isArray(value)) {
        const items = new Array<unknown>(value.length);
        for (let i = 0; i < value.length; i++) items[i] = droppedByJson(value[i]) ? null : toJsonValues(value[i]);
        return items;
      }
      // Object.keys rather than for-in + hasOwn: graphql-js builds its result maps with
      // Object.create(null), dictionary objects for which for-in is the slower walk.
      const copy: Record<string, unknown> = {};
      const fields = value as Record<string, unknown>;
      const keys = Object.keys(fields);
      for (let i = 0; i < keys.length; i++) {
        const item = fields[keys[i]];
        if (!droppedByJson(item)) copy[keys[i]] = toJsonValues(item);
      }
      return copy;
    }
    default:
      return undefined; // undefined, functions, symbols: JSON drops them
  }
}

/**
 * True when JSON would not change `value`: strings, finite numbers, booleans, nulls, arrays and
 * objects of no class (graphql-js builds its result maps without a prototype) only. What the data
 * of every subgraph answer is (serializeScalarsToJsonValues); the differential check of the
 * compiled executor and the tests verify it.
 */
export function onlyJsonValues(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(onlyJsonValues);
  if (typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== null && prototype !== Object.prototype) return false;
  return Object.values(value).every(onlyJsonValues);
}

/**
 * Makes every custom scalar of a schema serialize to the JSON value of what it serialized to
 * (toJsonValues): graphql-scalars' DateTime answers a Date, which becomes the ISO text
 * JSON.stringify writes; JSON and JSONObject answer the resolver's own object, which becomes a copy
 * (nothing a resolver or a cache holds leaves the subgraph); BigInt may answer a bigint, which
 * becomes what its toJSON gives. Built-in scalars and enums serialize to strings, finite numbers and
 * booleans already. Parsing of inputs is unchanged. Every leaf of an answer is then a JSON value,
 * whichever executor builds it (graphql-js, or graphql-jit through compiled-execution.ts). A value
 * JSON writes as null (an invalid Date, which the DateTime scalar makes of a number out of range)
 * is an error of its field, as graphql-js reports any serialize answering null. The shared DateTime
 * answers a Date or its ISO text directly (dateTimeJsonValue: what the scalar and JSON make of it).
 */
export function serializeScalarsToJsonValues(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isScalarType(type) || isSpecifiedScalarType(type)) continue;
    // The shared DateTime (buildSubgraphSchema copied the resolver's functions onto the schema's
    // type object; a subgraph's own DateTime keeps its serialize): Dates and ISO text, the values
    // of every page, without the scalar's validation walk (date-time-json.ts).
    const knownWithout = type.serialize === DateTimeResolver.serialize ? dateTimeJsonValue : undefined;
    const serialize = type.serialize.bind(type);
    type.serialize = knownWithout
      ? (value) => knownWithout(value) ?? toJsonValues(serialize(value))
      : (value) => toJsonValues(serialize(value));
  }
}
