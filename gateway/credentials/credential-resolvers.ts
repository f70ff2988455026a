import { CredentialResolver, resolveApiKey, resolveDashboardToken } from './resolve-principal';
import { PUBLIC_SCHEME, resolvePublicPrincipal } from './public-principal';
import { captureCredentialResolvers } from './capture-credential';

/** Authorization schemes the gateway accepts (lower-cased), each with its resolver. */
export function credentialResolvers(extra: Record<string, CredentialResolver> = {}): Record<string, CredentialResolver> {
  // `capture`/`invite`: IDV hosted-page credentials bound to one session (capture-credential.ts).
  // `public`: the tenant-less principal of unauthenticated hosted-page reads (IDV branding only).
  return { 'api-key': resolveApiKey, bearer: resolveDashboardToken, [PUBLIC_SCHEME]: resolvePublicPrincipal, ...captureCredentialResolvers, ...extra };
}
