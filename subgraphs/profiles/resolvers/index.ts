import { configResolvers } from './config-resolvers';
import { managementResolvers } from './management-resolvers';
import { profileResolvers } from './profile-resolvers';

export const resolvers = {
  Query: { ...profileResolvers.Query, ...managementResolvers.Query, ...configResolvers.Query },
  Mutation: { ...profileResolvers.Mutation, ...managementResolvers.Mutation, ...configResolvers.Mutation },
  Profile: profileResolvers.Profile,
  ProfileErasure: profileResolvers.ProfileErasure,
  ProfileGroup: { ...managementResolvers.ProfileGroup, ...configResolvers.ProfileGroup },
  ProfileCustomFieldDefinition: managementResolvers.ProfileCustomFieldDefinition,
  ProfileComment: managementResolvers.ProfileComment,
  ProfileCustomFieldDefinitionRevision: configResolvers.ProfileCustomFieldDefinitionRevision,
};
