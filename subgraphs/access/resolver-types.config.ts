// How `npm run codegen` types this subgraph's resolvers: the context they get, and the row or view
// type each GraphQL object is resolved from (paths relative to resolvers/resolver-types.generated.ts).
import type { ResolverTypesConfig } from '../../tools/codegen/resolver-types';

export const resolverTypesConfig: ResolverTypesConfig = {
  contextType: '../context#AccessContext',
  mappers: {
    Viewer: './views#ViewerView',
    DashboardUser: './views#DashboardUserView',
    WorkspaceMembership: '../data/user-store#MembershipRow',
    ConsoleSession: '../data/session-store#SessionRow',
    ConsoleSignIn: '../services/sessions#SignInGrant',
    InviteDashboardUserPayload: './views#InvitePayloadView',
    SsoConfiguration: '../oidc/services/sso-configuration#SsoConfigurationView',
  },
};
