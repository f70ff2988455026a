import { assessmentFields } from './assessment-fields';
import { assessmentOperations } from './assessment-operations';
import { catalogResolvers } from './catalog-resolvers';
import { workQueueResolvers } from './work-queue-resolvers';
import type { Resolvers } from './resolver-types.generated';

export const riskResolvers = {
  Query: { ...assessmentOperations.Query, ...catalogResolvers.Query },
  Mutation: assessmentOperations.Mutation,
  ...assessmentFields,
  ...workQueueResolvers,
} satisfies Resolvers;
