// GraphQL operation limits (graphql-armor): a document over any of them is refused during
// validation, before the gateway plans or executes anything, with extensions.code
// graphql_limit_exceeded (platform/errors/to-graphql-error.ts). Field suggestions are masked so
// a refused document does not enumerate the schema.
import { ApolloArmor } from '@escape.tech/graphql-armor';

export const OPERATION_LIMITS = {
  /** Nesting of selections (the deepest legitimate query, profile → sessions → checks, is ~8). */
  maxDepth: 12,
  /** Aliases per document: 1,000 aliases of one list field would multiply its work 1,000 times. */
  maxAliases: 15,
  /** Lexical tokens per document. */
  maxTokens: 2_000,
  maxDirectives: 20,
  /** graphql-armor's cost: 1 per scalar, 2 per object, multiplied by depth. */
  maxCost: 5_000,
} as const;

export function operationLimits() {
  const armor = new ApolloArmor({
    maxDepth: { n: OPERATION_LIMITS.maxDepth, ignoreIntrospection: true },
    maxAliases: { n: OPERATION_LIMITS.maxAliases },
    // Counted by graphql-js's own parser instead (parseOptions below): armor's token plugin
    // throws from a request hook, which Apollo answers with a 500.
    maxTokens: { enabled: false },
    maxDirectives: { n: OPERATION_LIMITS.maxDirectives },
    costLimit: { maxCost: OPERATION_LIMITS.maxCost, ignoreIntrospection: true },
    blockFieldSuggestion: { enabled: true },
  });
  return { ...armor.protect(), parseOptions: { maxTokens: OPERATION_LIMITS.maxTokens } };
}
