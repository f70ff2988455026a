import { SubgraphUrls } from '../../platform/config';
import { CredentialResolver, resolveApiKey, resolveDashboardToken } from './resolve-principal';
import { PUBLIC_SCHEME, resolvePublicPrincipal } from './public-principal';
import { captureCredentialResolvers } from './capture-credential';
import { CONSOLE_SCHEME, consoleSessionResolver, resolveConsoleSignIn, SESSION_SCHEME } from './console-session';

export interface CredentialResolverOptions {
  /** The subgraphs' URLs (the IDV subgraph resolves the hosted-page credentials). Read at each
   * call, so a platform that updates them once its services are bound is seen. */
  subgraphUrls: SubgraphUrls;
  internalSecret: string;
  /** The console session idle timeout (VIGIL_CONSOLE_SESSION_IDLE_SECONDS), read at each call. */
  consoleSessionIdleMs: () => number;
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
  // `session`: console sign-in sessions; `console`: the web layer's public sign-in calls
  // (console-session.ts).
  const consoleResolvers = {
    [SESSION_SCHEME]: consoleSessionResolver({ idleMs: options.consoleSessionIdleMs }),
    [CONSOLE_SCHEME]: resolveConsoleSignIn,
  };
  return {
    'api-key': resolveApiKey,
    bearer: resolveDashboardToken,
    [PUBLIC_SCHEME]: resolvePublicPrincipal,
    ...hostedPage,
    ...consoleResolvers,
    ...extra,
  };
}
