// What a JSON round trip would make of a value, without writing the text: an in-process caller of
// a subgraph must see exactly what it would read over HTTP (a DateTime scalar serializes to a Date
// object, which JSON turns into its ISO text), while skipping the stringify + parse of the answer.
// It runs over every in-process answer (a search's ten matches and their names), so it avoids
// per-object allocations beyond the copy and its key list (no Object.entries pairs).

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
