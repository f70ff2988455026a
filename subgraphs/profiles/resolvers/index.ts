import { configResolvers } from './config-resolvers';
import { onboardingResolvers } from '../onboarding/resolvers/onboarding-resolvers';
import { managementResolvers } from './management-resolvers';
import { profileResolvers } from './profile-resolvers';
import type { Resolvers } from './resolver-types.generated';
import { screeningMatchResolvers } from './screening-match-resolvers';
import { auditResolvers } from './audit-resolvers';
import { fourEyesResolvers } from './four-eyes-resolvers';
import { evidencePackResolvers } from './evidence-pack-resolvers';

export const resolvers = {
  Query: {
    ...profileResolvers.Query,
    ...managementResolvers.Query,
    ...configResolvers.Query,
    ...auditResolvers.Query,
    ...fourEyesResolvers.Query,
    ...evidencePackResolvers.Query,
  },
  Mutation: {
    ...profileResolvers.Mutation,
    ...managementResolvers.Mutation,
    ...configResolvers.Mutation,
    ...onboardingResolvers.Mutation,
    ...fourEyesResolvers.Mutation,
    ...evidencePackResolvers.Mutation,
  },
  Profile: { ...profileResolvers.Profile, ...onboardingResolvers.Profile },
  ProfileOnboarding: onboardingResolvers.ProfileOnboarding,
  OnboardingTask: onboardingResolvers.OnboardingTask,
  ProfileGroup: { ...managementResolvers.ProfileGroup, ...configResolvers.ProfileGroup },
  ProfileGroupFeedFrequencies: managementResolvers.ProfileGroupFeedFrequencies,
  MonitoringFeedFrequencies: configResolvers.MonitoringFeedFrequencies,
  ProfileCustomFieldDefinitionRevision: configResolvers.ProfileCustomFieldDefinitionRevision,
  ScreeningMatch: screeningMatchResolvers.ScreeningMatch,
  WorkQueues: profileResolvers.WorkQueues,
  WorkspaceAnalytics: profileResolvers.WorkspaceAnalytics,
  AuditEntry: auditResolvers.AuditEntry,
  FourEyesProposal: fourEyesResolvers.FourEyesProposal,
  EvidencePack: evidencePackResolvers.EvidencePack,
  // The viewer is an entity (the access subgraph adds the dashboard user's fields): whichever
  // subgraph names it, it is the request's principal.
  Viewer: { __resolveReference: (_reference, ctx) => ctx.principal },
} satisfies Resolvers;
