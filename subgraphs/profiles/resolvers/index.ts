import { managementResolvers } from './management-resolvers';
import { profileResolvers } from './profile-resolvers';

export const resolvers = {
  Query: { ...profileResolvers.Query, ...managementResolvers.Query },
  Mutation: { ...profileResolvers.Mutation, ...managementResolvers.Mutation },
  Profile: profileResolvers.Profile,
  ProfileGroup: managementResolvers.ProfileGroup,
};
