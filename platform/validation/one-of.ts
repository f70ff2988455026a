// Closed sets (statuses, kinds, frequencies) held as `as const` arrays: narrowing a string to the
// set's member type, for values checked on input and for values read back from text columns that
// only ever receive checked values.

/** True when `value` is one of `values`; narrows it to their member type. */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/**
 * A stored value of a closed set as the set's member type. Only checked values are ever written, so
 * another value means the data is corrupt: it fails here, naming the column, where the GraphQL enum
 * serializer would have failed a moment later.
 */
export function storedOneOf<T extends string>(values: readonly T[], value: string, what: string): T {
  if (isOneOf(values, value)) return value;
  throw new Error(`${what}: stored value ${JSON.stringify(value)} is not one of ${values.join(', ')}`);
}
