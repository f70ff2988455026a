// PostgreSQL text cannot hold NUL characters, and an unpaired UTF-16 surrogate would be stored as
// a replacement character: either would be a 500 or silently altered data. Every subgraph refuses
// such strings anywhere in a request's variables, before a resolver runs.
const FORBIDDEN = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string that cannot be stored as text, or undefined. */
export function findUnstorableText(value: unknown, path = 'variables', depth = 0): string | undefined {
  if (typeof value === 'string') return FORBIDDEN.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, child] of Object.entries(value)) {
    if (FORBIDDEN.test(key)) return `${path}.${key}`;
    const found = findUnstorableText(child, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}
