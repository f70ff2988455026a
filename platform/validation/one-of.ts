// Closed sets (statuses, kinds, frequencies) held as `as const` arrays: narrowing a string to the
// set's member type, for values checked on input and for values that can only hold a member (text
// columns that only ever receive checked values, an engine result whose type is a wider union).

/** True when `value` is one of `values`; narrows it to their member type. */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/**
 * A value that can only be one of `values` (a stored value of a closed set: only checked values are
 * ever written) as the set's member type. Another value is a bug or corrupt data: it fails here,
 * naming `what`, where the GraphQL enum serializer would have failed a moment later.
 */
export function expectOneOf<T extends string>(values: readonly T[], value: string, what: string): T {
  if (isOneOf(values, value)) return value;
  throw new Error(`${what}: stored value ${JSON.stringify(value)} is not one of ${values.join(', ')}`);
}
