import { CredentialResolver, resolveApiKey, resolveDashboardToken } from './resolve-principal';

/** Authorization schemes the gateway accepts (lower-cased), each with its resolver. */
export function credentialResolvers(extra: Record<string, CredentialResolver> = {}): Record<string, CredentialResolver> {
  return { 'api-key': resolveApiKey, bearer: resolveDashboardToken, ...extra };
}
