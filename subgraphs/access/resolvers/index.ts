// Thin: GraphQL ⇄ the access services. Sign-in fields are public (the gateway lets only the
// console sign-in principal and dashboard users reach them: gateway/credentials/console-sign-in.ts).
import { DashboardRole, isDashboardRole } from '../../../platform/principal/roles';
import {
  changeDashboardUserRole,
  deactivateDashboardUser,
  inviteDashboardUser,
  listDashboardUsers,
  listWorkspaceReviewers,
} from '../services/admin-service';
import {
  changePassword,
  confirmTotpEnrolment,
  disableTotp,
  signOutConsole,
  startTotpEnrolment,
  switchConsoleWorkspace,
} from '../services/account-service';
import { signInWithLink, signInWithPassword, signInWithTotp } from '../services/sign-in-service';
import { roleInCurrentWorkspace, viewerConsoleSession, viewerMemberships, viewerUser, viewerWorkspace } from '../services/viewer-service';
import { AccessContext } from '../context';
import { signInOrigin } from '../services/access-audit';
import { oidcRedirectUri, signInWithOidc, startOidcSignIn } from '../oidc/services/oidc-sign-in';
import { readSsoConfiguration } from '../oidc/services/sso-configuration';
import { findWorkspace, lastSignIns } from '../data/user-store';
import type { Resolvers } from './resolver-types.generated';
import { ViewerView } from './views';

/** A stored role as the enum (a role this version does not know counts as viewer, as at the gateway). */
const asRole = (role: string): DashboardRole => (isDashboardRole(role) ? role : 'viewer');

/** The viewer's fields describe the request's principal (the reference only names it). */
const forPrincipal = <T>(parent: ViewerView, ctx: AccessContext, read: () => T | Promise<T>, none: T): T | Promise<T> =>
  parent.actorId === ctx.principal.actorId ? read() : none;

/** One user's last console sign-in (a list reads its page's at once instead). */
const lastSignInOf = async (ctx: AccessContext, userId: string): Promise<Date | null> =>
  (await lastSignIns(ctx.deps.db, [userId])).get(userId) ?? null;

export const accessResolvers = {
  Query: {
    dashboardUsers: (_, args, ctx) => listDashboardUsers(ctx.deps, ctx.principal, args),
    workspaceReviewers: async (_, __, ctx) =>
      (await listWorkspaceReviewers(ctx.deps, ctx.principal)).map((member) => ({
        id: member.id,
        name: member.name,
        email: member.email,
        role: asRole(member.role),
      })),
    ssoConfiguration: (_, __, ctx) => readSsoConfiguration(ctx.deps, ctx.principal, oidcRedirectUri(ctx.deps)),
  },
  Mutation: {
    switchConsoleWorkspace: async (_, { input }, ctx) => {
      const switched = await switchConsoleWorkspace(ctx.deps, ctx.principal, input);
      const workspace = await viewerWorkspace(ctx.deps, { ...ctx.principal, workspaceId: switched.workspaceId });
      return { workspaceId: switched.workspaceId, workspaceName: workspace?.name ?? '', role: switched.role };
    },
    signOutConsole: (_, __, ctx) => signOutConsole(ctx.deps, ctx.principal, ctx.requestId),
    inviteDashboardUser: (_, { input }, ctx) => inviteDashboardUser(ctx.deps, ctx.principal, input, ctx.requestId),
    changeDashboardUserRole: (_, { input }, ctx) => changeDashboardUserRole(ctx.deps, ctx.principal, input, ctx.requestId),
    deactivateDashboardUser: (_, { input }, ctx) => deactivateDashboardUser(ctx.deps, ctx.principal, input, ctx.requestId),
    changePassword: (_, { input }, ctx) => changePassword(ctx.deps, ctx.principal, input, ctx.requestId),
    startTotpEnrolment: (_, __, ctx) => startTotpEnrolment(ctx.deps, ctx.principal),
    confirmTotpEnrolment: (_, { input }, ctx) => confirmTotpEnrolment(ctx.deps, ctx.principal, input, ctx.requestId),
    disableTotp: (_, { input }, ctx) => disableTotp(ctx.deps, ctx.principal, input, ctx.requestId),
    signInWithPassword: (_, { input }, ctx) => signInWithPassword(ctx.deps, input, signInOrigin(ctx.principal, ctx.requestId)),
    signInWithTotp: (_, { input }, ctx) => signInWithTotp(ctx.deps, input, signInOrigin(ctx.principal, ctx.requestId)),
    signInWithLink: (_, { input }, ctx) => signInWithLink(ctx.deps, input, signInOrigin(ctx.principal, ctx.requestId)),
    startOidcSignIn: (_, { input }, ctx) => startOidcSignIn(ctx.deps, input),
    signInWithOidc: (_, { input }, ctx) => signInWithOidc(ctx.deps, input, signInOrigin(ctx.principal, ctx.requestId)),
  },
  SsoConfiguration: {
    provisionWorkspace: async (parent, _, ctx) => {
      const workspace = parent.provisionWorkspaceId ? await findWorkspace(ctx.deps.db, parent.provisionWorkspaceId) : null;
      return workspace ? { id: workspace.id, name: workspace.name } : null;
    },
  },
  Viewer: {
    __resolveReference: (reference) => ({ actorId: reference.actorId }),
    role: (parent, _, ctx) =>
      forPrincipal(parent, ctx, () => (ctx.principal.kind === 'dashboard_user' && ctx.principal.role ? ctx.principal.role : null), null),
    user: (parent, _, ctx) => forPrincipal(parent, ctx, () => viewerUser(ctx.deps, ctx.principal), null),
    workspace: (parent, _, ctx) => forPrincipal(parent, ctx, () => viewerWorkspace(ctx.deps, ctx.principal), null),
    memberships: (parent, _, ctx) => forPrincipal(parent, ctx, () => viewerMemberships(ctx.deps, ctx.principal), []),
    consoleSession: (parent, _, ctx) => forPrincipal(parent, ctx, () => viewerConsoleSession(ctx.deps, ctx.principal), null),
  },
  WorkspaceMembership: {
    workspace: (parent) => ({ id: parent.workspaceId, name: parent.workspaceName }),
    role: (parent) => asRole(parent.role),
  },
  DashboardUser: {
    hasPassword: (parent) => parent.passwordHash !== null,
    lastSignInAt: (parent, _, ctx) => (parent.lastSignInAt !== undefined ? parent.lastSignInAt : lastSignInOf(ctx, parent.id)),
    status: async (parent, _, ctx) => {
      if (parent.deactivatedAt) return 'deactivated';
      const lastSignIn = parent.lastSignInAt !== undefined ? parent.lastSignInAt : await lastSignInOf(ctx, parent.id);
      return lastSignIn ? 'active' : 'invited';
    },
    totpEnabled: (parent) => parent.totpEnabledAt !== null,
    role: async (parent, _, ctx) => {
      const role = parent.role !== undefined ? parent.role : await roleInCurrentWorkspace(ctx.deps, ctx.principal, parent.id);
      return role === null ? null : asRole(role);
    },
  },
} satisfies Resolvers;
