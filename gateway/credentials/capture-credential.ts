// IDV hosted-page credentials (owner: IDV core):
//   Authorization: Capture <session_token>   the one-time capture token returned by POST /idv/v1/sessions
//   Authorization: Invite <invite_code>      an invite credential (emailed link or direct link)
// Both resolve to a principal of kind 'capture' / 'invite' bound to exactly one session
// (principal.sessionId), in that session's tenant and workspace. The gateway does not read IDV's
// tables: it asks the IDV subgraph (Query.resolveIdvCredential, @inaccessible, reserved for the
// gateway's service principal), which applies the rules (token hash match, not consumed, not
// expired, session not canceled). Rejected credentials: 401 unauthorized. IDV unreachable or
// failing: 503 service_unavailable (fail closed). Never cached.
import { PlatformError } from '../../platform/errors/domain-error';
import { GATEWAY_ACTOR, Principal, servicePrincipal } from '../../platform/principal/principal';
import { callSubgraph } from '../../platform/subgraph/internal-client';
import { CredentialResolver } from './resolve-principal';

export const CAPTURE_SCHEME = 'capture';
export const INVITE_SCHEME = 'invite';

/** Root fields a capture or invite principal may select (the hosted page's own calls). Anything
 * else is refused by the gateway (narrow-principals.ts). */
export const CAPTURE_ROOT_FIELDS: ReadonlySet<string> = new Set([
  'verificationSessionStatus',
  'recordVerificationConsent',
  'submitVerificationSession',
  'verificationSessionData', // refused (and audited as a denial) by the IDV service itself
  'idvBranding',
  'idvBrandingAsset',
  // Capture plane (subgraphs/idv/capture).
  'captureSession',
  'recordCaptureConsent',
  'attachCaptureArtifact',
  'recordCaptureAnswers',
  'submitCapture',
  // The hosted page's one exchange of its fragment credential for a capture session.
  'exchangeCaptureCredential',
]);

export interface CaptureCredentialOptions {
  /** The IDV subgraph's GraphQL URL, read at each call (the platform may update it once bound). */
  idvUrl: () => string;
  /** VIGIL_INTERNAL_SECRET: signs the gateway's service principal. */
  internalSecret: string;
  timeoutMs?: number;
}

interface IdvCredentialPrincipal {
  tenantId: string;
  workspaceId: string;
  sessionId: string;
  kind: string;
  captureSessionId?: string | null;
}

const QUERY =
  'query ResolveIdvCredential($scheme: String!, $value: String!) { resolveIdvCredential(scheme: $scheme, value: $value) { tenantId workspaceId sessionId kind captureSessionId } }';

/** The resolver of one hosted-page scheme, asking the IDV subgraph. */
function idvCredentialResolver(
  scheme: typeof CAPTURE_SCHEME | typeof INVITE_SCHEME,
  options: CaptureCredentialOptions,
): CredentialResolver {
  return async (value, _db, context) => {
    let data: { resolveIdvCredential: IdvCredentialPrincipal | null };
    try {
      data = await callSubgraph({
        url: options.idvUrl(),
        query: QUERY,
        variables: { scheme, value },
        // The lookup is not scoped (the credential establishes the scope): no tenant, no workspace.
        principal: servicePrincipal(GATEWAY_ACTOR, { tenantId: '', workspaceId: '' }),
        secret: options.internalSecret,
        requestId: context?.requestId,
        timeoutMs: options.timeoutMs,
      });
    } catch {
      throw new PlatformError(
        'service_unavailable',
        'The identity verification service is unavailable; the credential could not be checked',
      );
    }
    const found = data.resolveIdvCredential;
    if (!found || found.kind !== scheme || !found.sessionId || !found.tenantId || !found.workspaceId) return undefined;
    const principal: Principal = {
      tenantId: found.tenantId,
      workspaceId: found.workspaceId,
      actorId: found.sessionId,
      kind: scheme,
      entitlements: {},
      sessionId: found.sessionId,
      ...(found.captureSessionId ? { captureSessionId: found.captureSessionId } : {}),
    };
    return principal;
  };
}

export function captureCredentialResolvers(options: CaptureCredentialOptions): Record<string, CredentialResolver> {
  return {
    [CAPTURE_SCHEME]: idvCredentialResolver(CAPTURE_SCHEME, options),
    [INVITE_SCHEME]: idvCredentialResolver(INVITE_SCHEME, options),
  };
}
