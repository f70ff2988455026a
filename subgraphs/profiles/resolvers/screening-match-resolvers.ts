// The profiles subgraph's part of ScreeningMatch: the analysts' comments of kind match on it.
// The gateway sends every match of one request in one _entities call; the DataLoader turns that
// into one query, and screening never reads the profiles tables.
import type { Resolvers } from './resolver-types.generated';

/** What profiles knows of a screening match: its id (the mapper of ScreeningMatch). */
export interface ScreeningMatchRef {
  id: string;
}

export const screeningMatchResolvers = {
  ScreeningMatch: {
    __resolveReference: (reference) => ({ id: reference.id }),
    comments: (match, _, ctx) => ctx.matchCommentsLoader.load(match.id),
  },
} satisfies Resolvers;
