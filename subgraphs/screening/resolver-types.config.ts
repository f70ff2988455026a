// How `npm run codegen` types this subgraph's resolvers: the context they get, and the row or view
// type each GraphQL object is resolved from (paths relative to resolvers/resolver-types.generated.ts).
import type { ResolverTypesConfig } from '../../tools/codegen/resolver-types';

export const resolverTypesConfig: ResolverTypesConfig = {
  contextType: '../context#ScreeningContext',
  mappers: {
    // The home page's WorkQueues entity: only its key reaches this subgraph.
    WorkQueues: './work-queue-resolvers#WorkQueuesRef',
    // The analytics page's entity: its key, the range checked.
    WorkspaceAnalytics: '../analytics/services/analytics-service#AnalyticsRef',
    ScreeningSearch: '../services/search-service#SearchView',
    ScreeningMatch: '../services/search-service#MatchView',
    // The parts of a stored match (the engine's snake_case payload), named in match-resolvers.ts.
    MatchedName: './match-resolvers#MatchedNamePayload',
    MatchedAlias: './match-resolvers#AliasPayload',
    MatchChecklist: './match-resolvers#ChecklistPayload',
    ChecklistHit: './match-resolvers#HitPayload',
    MatchScoreInfo: './match-resolvers#ScoreInfoPayload',
    BestName: './match-resolvers#BestNamePayload',
    SourceDetail: './match-resolvers#SourceDetailPayload',
    ListedEntity: './match-resolvers#ListedEntityPayload',
    ListedBirthDate: './match-resolvers#BirthDatePayload',
    // The enum resolver in match-resolvers.ts gives two feeds the spec's spelling with a space.
    ScreeningFeed: './match-resolvers#ScreeningFeedValue',
    MatchReviewChange: '../data/review-store#MatchReviewRow',
    DispositionAnnotation: '../services/search-model#DispositionAnnotation as DispositionAnnotationView',
    AdverseMediaArticle: '../services/search-model#ArticleHit',
    AdverseMediaSettings: '../news/services/settings-service#AdverseMediaSettings as AdverseMediaSettingsView',
    ScreeningBatchJob: '../data/batch-store#BatchJobRow',
    ScreeningBatchResult: '../services/batch-service#BatchResultView',
    ScreeningReport: '../services/report-service#ReportView',
    WatchlistImport: '../data/watchlist-store#ImportRow',
    MonitoringAlert: '../monitoring/data/monitoring-store#AlertRow',
    MonitoredProfile: '../monitoring/services/alert-service#MonitoredProfileRow',
    // Computed from the delta log when read (field names as the SDL's, enums as its values).
    MonitoringListingChange: '../monitoring/services/alert-changes#ListingChange',
    // Screening holds only the id of a profile (its searches are keyed by it).
    Profile: './screening-resolvers#ProfileRef',
  },
};
