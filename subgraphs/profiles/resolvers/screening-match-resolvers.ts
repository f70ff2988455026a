// The profiles subgraph's part of ScreeningMatch: the analysts' comments of kind match on it.
// The gateway sends every match of one request in one _entities call; the DataLoader turns that
// into one query, and screening never reads the profiles tables.
import { ProfilesContext } from '../context';

export const screeningMatchResolvers = {
  ScreeningMatch: {
    __resolveReference: (reference: { id: string }) => ({ id: reference.id }),
    comments: (match: { id: string }, _: unknown, ctx: ProfilesContext) => ctx.matchCommentsLoader.load(match.id),
  },
};
