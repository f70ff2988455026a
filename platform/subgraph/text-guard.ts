// PostgreSQL text cannot hold NUL characters, and an unpaired UTF-16 surrogate would be stored as
// a replacement character: either would be a 500 or silently altered data. Every subgraph refuses
// such strings anywhere in a request's variables, before a resolver runs.
//
// Every request walks its variables here, twice in process (the gateway, then each subgraph call,
// whose variables include the entity representations of a page). So the walk builds no path for
// what it passes, only for what it finds, and a string is read by the full pattern only when it
// holds a NUL or a surrogate at all.
const FORBIDDEN = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const NUL_OR_SURROGATE = /[\u0000\ud800-\udfff]/;

const storable = (text: string) => !NUL_OR_SURROGATE.test(text) || !FORBIDDEN.test(text);

/** The path of the first string that cannot be stored as text, or undefined. */
export function findUnstorableText(value: unknown, path = 'variables'): string | undefined {
  const steps = unstorableSteps(value, 0);
  return steps && path + steps.reverse().join('');
}

/** The steps to the first unstorable string (a key that is one included), innermost first. */
function unstorableSteps(value: unknown, depth: number): string[] | undefined {
  if (typeof value === 'string') return storable(value) ? undefined : [];
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const steps = unstorableSteps(value[i], depth + 1);
      if (steps) return [...steps, `[${i}]`];
    }
    return undefined;
  }
  const fields = value as Record<string, unknown>;
  const keys = Object.keys(fields);
  for (let i = 0; i < keys.length; i++) {
    if (!storable(keys[i])) return [`.${keys[i]}`];
    const steps = unstorableSteps(fields[keys[i]], depth + 1);
    if (steps) return [...steps, `.${keys[i]}`];
  }
  return undefined;
}
