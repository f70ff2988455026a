/** One resolver map (a generated `Resolvers` fits it): per GraphQL type, its resolver functions. */
export type ResolverMap = { [typeName: string]: { [field: string]: unknown } | undefined };

/** Merges resolver maps type by type (Query, Mutation, object types), so the IDV core and IDV
 * themes each keep their own map. A field defined twice is a programming error. */
export function mergeResolverMaps(...maps: ResolverMap[]): Record<string, Record<string, unknown>> {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const map of maps) {
    for (const [typeName, fields] of Object.entries(map)) {
      if (!fields) continue;
      const target = (merged[typeName] ??= {});
      for (const [field, resolver] of Object.entries(fields)) {
        if (Object.hasOwn(target, field)) throw new Error(`resolver ${typeName}.${field} is defined twice`);
        target[field] = resolver;
      }
    }
  }
  return merged;
}
