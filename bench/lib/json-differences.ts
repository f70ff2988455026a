// Where two JSON values differ, as paths ($.data[0].capture_manifest): the read-path bench checks that
// its plain peer answers the same JSON as the REST path it stands beside, so that the ratio compares the
// same work. Key order does not count (JSON objects are unordered).

/** The paths at which `actual` and `expected` differ, at most `limit` of them. */
export function jsonDifferences(actual: unknown, expected: unknown, limit = 10): string[] {
  const found: string[] = [];
  const visit = (a: unknown, b: unknown, path: string): void => {
    if (found.length >= limit) return;
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) found.push(`${path} (length ${a.length} against ${b.length})`);
      for (let i = 0; i < Math.min(a.length, b.length); i++) visit(a[i], b[i], `${path}[${i}]`);
      return;
    }
    if (isObject(a) && isObject(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
        if (!(key in a)) found.push(`${path}.${key} (missing)`);
        else if (!(key in b)) found.push(`${path}.${key} (extra)`);
        else visit(a[key], b[key], `${path}.${key}`);
      }
      return;
    }
    if (a !== b) found.push(`${path} (${JSON.stringify(a)?.slice(0, 60)} against ${JSON.stringify(b)?.slice(0, 60)})`);
  };
  visit(actual, expected, '$');
  return found;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
