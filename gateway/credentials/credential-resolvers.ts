import { SubgraphUrls } from '../../platform/config';
import { CredentialResolver, resolveApiKey, resolveDashboardToken } from './resolve-principal';
import { PUBLIC_SCHEME, resolvePublicPrincipal } from './public-principal';
import { captureCredentialResolvers } from './capture-credential';

export interface CredentialResolverOptions {
  /** The subgraphs' URLs (the IDV subgraph resolves the hosted-page credentials). Read at each
   * call, so a platform that updates them once its services are bound is seen. */
  subgraphUrls: SubgraphUrls;
  internalSecret: string;
}

/** Authorization schemes the gateway accepts (lower-cased), each with its resolver. */
export function credentialResolvers(
  options: CredentialResolverOptions,
  extra: Record<string, CredentialResolver> = {},
): Record<string, CredentialResolver> {
  // `capture`/`invite`: IDV hosted-page credentials bound to one session, resolved by the IDV
  // subgraph (capture-credential.ts).
  // `public`: the tenant-less principal of unauthenticated hosted-page reads (IDV branding only).
  const hostedPage = captureCredentialResolvers({ idvUrl: () => options.subgraphUrls.idv, internalSecret: options.internalSecret });
  return { 'api-key': resolveApiKey, bearer: resolveDashboardToken, [PUBLIC_SCHEME]: resolvePublicPrincipal, ...hostedPage, ...extra };
}
