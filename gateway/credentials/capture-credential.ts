// IDV hosted-page credentials (owner: IDV core):
//   Authorization: Capture <session_token>   the one-time capture token returned by POST /idv/v1/sessions
//   Authorization: Invite <invite_code>      an invite credential (emailed link or direct link)
// Both resolve to a principal of kind 'capture' / 'invite' bound to exactly one session
// (principal.sessionId), in that session's tenant and workspace. Expired or consumed credentials,
// and credentials of canceled sessions, are rejected (401 unauthorized). Never cached.
import { hashSecret } from '../../platform/crypto/hash';
import { Db } from '../../platform/db/prisma';
import { Principal } from '../../platform/principal/principal';
import { CredentialResolver } from './resolve-principal';

export const CAPTURE_SCHEME = 'capture';
export const INVITE_SCHEME = 'invite';

export const resolveCaptureToken: CredentialResolver = async (value: string, db: Db): Promise<Principal | undefined> => {
  const session = await db.idvSession.findUnique({
    where: { tokenHash: hashSecret(value) },
    select: { id: true, tenantId: true, workspaceId: true, status: true, tokenExpiresAt: true, tokenConsumedAt: true },
  });
  if (!session || session.tokenConsumedAt || session.tokenExpiresAt.getTime() <= Date.now() || session.status === 'canceled') return undefined;
  return { tenantId: session.tenantId, workspaceId: session.workspaceId, actorId: session.id, kind: 'capture', entitlements: {}, sessionId: session.id };
};

export const resolveInviteCode: CredentialResolver = async (value: string, db: Db): Promise<Principal | undefined> => {
  const invite = await db.idvInvite.findUnique({
    where: { codeHash: hashSecret(value) },
    select: { sessionId: true, tenantId: true, workspaceId: true, expiresAt: true, consumedAt: true, session: { select: { status: true } } },
  });
  if (!invite || invite.consumedAt || invite.expiresAt.getTime() <= Date.now() || invite.session.status === 'canceled') return undefined;
  return { tenantId: invite.tenantId, workspaceId: invite.workspaceId, actorId: invite.sessionId, kind: 'invite', entitlements: {}, sessionId: invite.sessionId };
};

export const captureCredentialResolvers: Record<string, CredentialResolver> = {
  [CAPTURE_SCHEME]: resolveCaptureToken,
  [INVITE_SCHEME]: resolveInviteCode,
};

/** Root fields a capture or invite principal may select (the hosted page's own calls). Anything
 * else is refused by the gateway (narrow-principals.ts). */
export const CAPTURE_ROOT_FIELDS: ReadonlySet<string> = new Set([
  'verificationSessionStatus',
  'recordVerificationConsent',
  'submitVerificationSession',
  'verificationSessionData', // refused (and audited as a denial) by the IDV service itself
  'idvBranding',
  'idvBrandingAsset',
]);
