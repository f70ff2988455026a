// User administration of a workspace (admins only): the member list, invitations, roles and
// deactivation. A workspace always keeps an active admin: demoting or deactivating its last one is
// refused with 409 last_workspace_admin (checked under a per-workspace lock, so two admins demoting
// each other at once cannot both succeed).
import { hashSecret } from '../../../platform/crypto/hash';
import { Connection, offsetConnection, offsetCursor, pageSize, readOffsetCursor } from '../../../platform/graphql/paging';
import { newSecret } from '../../../platform/ids/new-id';
import type { Scope } from '../../../platform/db/prisma';
import { Principal } from '../../../platform/principal/principal';
import { DASHBOARD_ROLES, DashboardRole, roleAtLeast } from '../../../platform/principal/roles';
import { normalizeEmail } from '../../../platform/tenancy/tenancy-store';
import { insertSignInLink } from '../data/session-store';
import {
  adminWorkspaceIds,
  countMembers,
  countOtherActiveAdmins,
  createMembership,
  createUser,
  deactivateUser,
  findMember,
  findUserByEmail,
  findWorkspace,
  lastSignIns,
  listActiveMembersWithRoles,
  listMembers,
  lockWorkspaceAdmins,
  MemberRow,
  setMembershipRole,
  UserRow,
} from '../data/user-store';
import { AccessError } from '../errors';
import { requireAdmin, requireReviewerRole } from './caller';
import { AccessDeps } from './deps';
import { MailOutcome } from './mailer';
import { auditAccountAction, AuditBy, auditBy, OPERATOR } from './access-audit';

export const SIGN_IN_LINK_PREFIX = 'vgll';

export async function listDashboardUsers(
  deps: AccessDeps,
  principal: Principal,
  page: { first?: number | null; after?: string | null },
): Promise<Connection<MemberRow & { lastSignInAt: Date | null }>> {
  const caller = requireAdmin(principal);
  const scope = { tenantId: caller.tenantId, workspaceId: caller.workspaceId };
  const offset = readOffsetCursor(page.after);
  if (offset === undefined) throw new AccessError('schema_validation_failed', 'after: not a cursor of this list', { field: 'after' });
  const size = pageSize(page.first, 50, 200);
  const [members, total] = await Promise.all([listMembers(deps.db, scope, offset, size + 1), countMembers(deps.db, scope)]);
  const signIns = await lastSignIns(
    deps.db,
    members.map((member) => member.id),
  );
  const rows = members.map((member) => ({ ...member, lastSignInAt: signIns.get(member.id) ?? null }));
  const connection = offsetConnection(rows, offset, size, total);
  return {
    ...connection,
    pageInfo: { ...connection.pageInfo, endCursor: connection.pageInfo.hasNextPage ? offsetCursor(offset + size) : null },
  };
}

/** The console URL that signs in with a one-time link token. */
export function signInLinkUrl(deps: AccessDeps, token: string): string {
  return `${deps.config.publicBaseUrl.replace(/\/+$/, '')}/console/auth/link?token=${encodeURIComponent(token)}`;
}

/** A one-time sign-in link for the user into the workspace (invitations, first admin, the CLI). */
export async function issueSignInLink(
  deps: AccessDeps,
  input: { userId: string; workspaceId: string; purpose: 'first_admin' | 'invitation' | 'operator' },
): Promise<{ url: string; token: string; expiresAt: Date }> {
  const token = newSecret(SIGN_IN_LINK_PREFIX);
  const expiresAt = new Date(deps.now().getTime() + deps.config.console.inviteLinkMs);
  await insertSignInLink(deps.db, { ...input, tokenHash: hashSecret(token), expiresAt });
  return { url: signInLinkUrl(deps, token), token, expiresAt };
}

/**
 * Creates the user in the workspace's tenant (or gives an existing user of the tenant the
 * membership) with a one-time sign-in link. Refused (409 dashboard_user_exists) for an email of
 * another tenant's account, of a deactivated account, or of a member of the workspace already.
 */
export async function addDashboardUser(
  deps: AccessDeps,
  input: { workspaceId: string; email: string; name: string; role: DashboardRole; purpose?: 'first_admin' | 'invitation' | 'operator' },
  by: AuditBy = OPERATOR,
): Promise<{ user: UserRow; link: { url: string; token: string; expiresAt: Date } }> {
  const workspace = await findWorkspace(deps.db, input.workspaceId);
  if (!workspace) throw new AccessError('schema_validation_failed', 'workspaceId: no such workspace', { field: 'workspaceId' });
  const email = normalizeEmail(input.email);
  const name = input.name.trim();
  if (!name) throw new AccessError('schema_validation_failed', 'name: must not be empty', { field: 'name' });
  const exists = () => new AccessError('dashboard_user_exists', 'email: an account with this email exists already', { field: 'email' });
  const user = await deps.db.$transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing && (existing.tenantId !== workspace.tenantId || existing.deactivatedAt)) throw exists();
    if (existing && (await findMember(tx, { tenantId: workspace.tenantId, workspaceId: workspace.id }, existing.id))) throw exists();
    const created = existing ?? (await createUser(tx, { tenantId: workspace.tenantId, email, name }));
    await createMembership(tx, { userId: created.id, workspaceId: workspace.id, role: input.role });
    await auditAccountAction(tx, { tenantId: workspace.tenantId, workspaceId: workspace.id }, by, 'access.user.invite', created.id, {
      role: input.role,
      purpose: input.purpose ?? 'invitation',
      new_account: !existing,
    });
    return created;
  });
  const link = await issueSignInLink(deps, { userId: user.id, workspaceId: workspace.id, purpose: input.purpose ?? 'invitation' });
  return { user, link };
}

export async function inviteDashboardUser(
  deps: AccessDeps,
  principal: Principal,
  input: { email: string; name: string; role: DashboardRole },
  requestId?: string,
): Promise<{ user: MemberRow; emailDelivery: MailOutcome; signInLink: string; signInLinkExpiresAt: Date }> {
  const caller = requireAdmin(principal);
  const { user, link } = await addDashboardUser(deps, { ...input, workspaceId: caller.workspaceId }, auditBy(principal, requestId));
  const workspace = await findWorkspace(deps.db, caller.workspaceId);
  const inviter = principal.actorName ?? 'An administrator';
  const emailDelivery = await deps.mailer({
    to: user.email,
    subject: `You are invited to the Vigil console (${workspace?.name ?? 'workspace'})`,
    text: `${inviter} invited you to the Vigil console as ${input.role}.\n\nSign in once with this link (valid until ${link.expiresAt.toISOString()}), then set your password:\n${link.url}\n`,
    html: `<p>${escapeHtml(inviter)} invited you to the Vigil console as <b>${input.role}</b>.</p><p><a href="${escapeHtml(link.url)}">Sign in</a> once with this link (valid until ${link.expiresAt.toISOString()}), then set your password.</p>`,
  });
  // The admin sees the link once, to hand it over when the email did not go out.
  return { user: { ...user, role: input.role }, emailDelivery, signInLink: link.url, signInLinkExpiresAt: link.expiresAt };
}

/** Who may decide reviews in the caller's workspace (the review desk's "assign to" choices):
 * active members whose role is reviewer or admin. Reviewers and up. */
export async function listWorkspaceReviewers(deps: AccessDeps, principal: Principal): Promise<MemberRow[]> {
  const caller = requireReviewerRole(principal);
  const roles = DASHBOARD_ROLES.filter((role) => roleAtLeast(role, 'reviewer'));
  return listActiveMembersWithRoles(deps.db, { tenantId: caller.tenantId, workspaceId: caller.workspaceId }, roles);
}

export async function changeDashboardUserRole(
  deps: AccessDeps,
  principal: Principal,
  input: { userId: string; role: DashboardRole },
  requestId?: string,
): Promise<MemberRow> {
  const caller = requireAdmin(principal);
  return changeMemberRole(
    deps,
    { tenantId: caller.tenantId, workspaceId: caller.workspaceId },
    input.userId,
    input.role,
    auditBy(principal, requestId),
  );
}

/** Sets a member's role (admins through GraphQL, operators through the CLI). */
export async function changeMemberRole(
  deps: AccessDeps,
  scope: Scope,
  userId: string,
  role: DashboardRole,
  by: AuditBy = OPERATOR,
): Promise<MemberRow> {
  return deps.db.$transaction(async (tx) => {
    await lockWorkspaceAdmins(tx, scope.workspaceId);
    const member = await findMember(tx, scope, userId);
    if (!member) throw new AccessError('dashboard_user_not_found', 'userId: no such user in this workspace', { field: 'userId' });
    if (member.role === 'admin' && role !== 'admin' && !member.deactivatedAt) {
      if ((await countOtherActiveAdmins(tx, scope.workspaceId, member.id)) === 0)
        throw new AccessError('last_workspace_admin', 'The workspace must keep an admin: make another member admin first');
    }
    await setMembershipRole(tx, member.id, scope.workspaceId, role);
    if (member.role !== role)
      await auditAccountAction(tx, scope, by, 'access.user.role.change', member.id, { from: member.role, to: role });
    return { ...member, role };
  });
}

/** Deactivates a member of the admin's workspace (in every workspace: an account is one person). */
export async function deactivateDashboardUser(
  deps: AccessDeps,
  principal: Principal,
  input: { userId: string },
  requestId?: string,
): Promise<MemberRow> {
  const caller = requireAdmin(principal);
  return deactivateMember(
    deps,
    { tenantId: caller.tenantId, workspaceId: caller.workspaceId },
    input.userId,
    auditBy(principal, requestId),
  );
}

export async function deactivateMember(deps: AccessDeps, scope: Scope, userId: string, by: AuditBy = OPERATOR): Promise<MemberRow> {
  return deps.db.$transaction(async (tx) => {
    const member = await findMember(tx, scope, userId);
    if (!member) throw new AccessError('dashboard_user_not_found', 'userId: no such user in this workspace', { field: 'userId' });
    if (member.deactivatedAt) return member;
    for (const workspaceId of (await adminWorkspaceIds(tx, member.id)).sort()) {
      await lockWorkspaceAdmins(tx, workspaceId);
      if ((await countOtherActiveAdmins(tx, workspaceId, member.id)) === 0)
        throw new AccessError('last_workspace_admin', 'The user is the last admin of a workspace: make another member admin first');
    }
    const user = await deactivateUser(tx, member.id, deps.now());
    await auditAccountAction(tx, scope, by, 'access.user.deactivate', member.id, { role: member.role });
    return { ...user, role: member.role };
  });
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
