// How `npm run codegen` types this subgraph's resolvers: the context they get, and the row or view
// type each GraphQL object is resolved from (paths relative to resolvers/resolver-types.generated.ts).
import type { ResolverTypesConfig } from '../../tools/codegen/resolver-types';

export const resolverTypesConfig: ResolverTypesConfig = {
  contextType: '../context#ProfilesContext',
  mappers: {
    // The home page's WorkQueues entity: its key (the counts are fields of each subgraph).
    WorkQueues: '../services/home-service#WorkQueuesRef',
    // The analytics page's entity: its key, the range checked.
    WorkspaceAnalytics: '../services/analytics-service#AnalyticsRef',
    Profile: '../services/profile-service#ProfileRecord',
    ProfileCustomFieldValue: '../services/custom-field-rules#CustomFieldValueView',
    ProfileCustomFieldDefinition: '../services/custom-field-rules#FieldDefinition',
    ProfileCustomFieldDefinitionRevision: '../services/definition-history-service#DefinitionRevisionRecord',
    ProfileGroup: '../services/group-service#ProfileGroupRecord',
    ProfileGroupFeedFrequencies: '../services/group-service#FeedFrequencies',
    ProfileComment: '../services/comment-service#CommentRecord',
    ProfileErasure: '../services/erasure-service#ErasureResult',
    Viewer: '../../../platform/principal/principal#Principal',
    MonitoringFeedFrequencies: '../services/monitoring-default-service#FullFeedFrequencies',
    WorkspaceMonitoringDefault: '../services/monitoring-default-service#MonitoringDefault',
    ProfileOnboarding: '../onboarding/data/onboarding-store#OnboardingRunRow',
    OnboardingTask: '../onboarding/data/onboarding-store#OnboardingTaskRow',
    // Profiles holds only the id of a screening match (its comments are keyed by it).
    ScreeningMatch: './screening-match-resolvers#ScreeningMatchRef',
    AuditEntry: '../../../platform/audit/data/audit-store#AuditEntryRow',
    // Four eyes: the stored proposal (platform/four-eyes).
    FourEyesProposal: '../../../platform/four-eyes/data/four-eyes-store#ProposalRow',
    EvidencePack: '../services/evidence-pack-service#EvidencePackView',
  },
};
