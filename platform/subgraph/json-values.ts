// What a JSON round trip would make of a value, without writing the text: an in-process caller of
// a subgraph must see exactly what it would read over HTTP (a DateTime scalar serializes to a Date
// object, which JSON turns into its ISO text), while skipping the stringify + parse of the answer.
export function toJsonValues(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'object' || typeof value === 'bigint') {
    const withToJson = value as { toJSON?: () => unknown };
    if (typeof withToJson.toJSON === 'function') return toJsonValues(withToJson.toJSON());
  }
  if (typeof value === 'bigint') throw new TypeError('Do not know how to serialize a BigInt');
  if (Array.isArray(value)) return value.map((item) => (item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : toJsonValues(item)));
  if (typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      copy[key] = toJsonValues(item);
    }
    return copy;
  }
  return undefined; // undefined, functions, symbols: JSON drops them
}
