// How `npm run codegen` types this subgraph's resolvers: the context they get, and the row or view
// type each GraphQL object is resolved from (paths relative to resolvers/resolver-types.generated.ts).
import type { ResolverTypesConfig } from '../../tools/codegen/resolver-types';

export const resolverTypesConfig: ResolverTypesConfig = {
  contextType: '../context#IdvContext',
  mappers: {
    // The typed views of the IDV core (idv-views.ts): the resolvers turn rows and service objects
    // into them where they leave a Query or Mutation field, and GraphQL reads their fields.
    VerificationSession: './idv-views#SessionView',
    // totalCount is counted by its field resolver, only when selected.
    VerificationSessionConnection: './idv-views#SessionConnectionView',
    VerificationSessionStatus: './idv-views#StatusView',
    VerificationSessionData: './idv-views#DataView',
    IdvWorkflow: './idv-views#IdvWorkflowView',
    CreatedVerificationSession: '../services/session-service#CreatedSession',
    // IDV holds only the id of a profile (its sessions are keyed by it).
    Profile: './idv-resolvers#ProfileRef',
    // The review desk (review/): the service's case and artifact file objects.
    IdvReviewCase: '../review/services/review-case-service#ReviewCase',
    IdvArtifactFile: '../review/services/review-case-service#ArtifactFile',
    WorkQueues: '../review/services/work-queues#WorkQueuesRef',
    // The analytics page's entity: its key, the range checked.
    WorkspaceAnalytics: '../analytics/services/analytics-service#AnalyticsRef',
    // Themes and branding (themes/): the branding is snake_case, its colors too.
    IdvTheme: '../themes/services/theme-service#ThemeView',
    IdvThemeColors: '../themes/model#ThemeColors',
    IdvBranding: '../themes/services/branding-service#Branding',
    IdvBrandingColors: '../themes/services/branding-service#BrandingColors',
    // Invites (invites/): the service's result, one member per union member.
    VerificationEmailInvite: '../invites/services/invite-service#EmailInviteResult',
    VerificationDirectLink: '../invites/services/invite-service#DirectLinkResult',
    // Webhook destinations (webhooks/): the stored rows.
    WebhookDestination: '../webhooks/data/webhook-store#DestinationRow',
    WebhookDelivery: '../webhooks/data/webhook-store#DeliveryRow',
    WebhookAttempt: '../webhooks/data/webhook-store#AttemptRow',
    // The hosted page's capture plane (capture/).
    CaptureSession: '../capture/services/capture-projection#CaptureSessionView',
  },
  // Validated string scalars (resolvers/declarable-id-type.ts, resolvers/exact-url.ts): input strings
  // pass through to the services' rules, output is a checked string.
  scalars: {
    DeclarableIdType: 'string',
    InferredIdType: 'string',
    ExactURL: 'string',
  },
};
