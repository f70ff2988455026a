// The public principal: what the REST adapter presents for the unauthenticated hosted-page reads
// of IDV branding (`Authorization: Public branding`). It carries no tenant and no workspace, and
// the gateway lets it run only queries whose root fields are on PUBLIC_ROOT_FIELDS; every other
// operation (mutations, subscriptions, introspection, any other field) is refused with 401
// unauthorized before a subgraph is called. Subgraph resolvers that check the principal kind
// (IDV themes do) refuse it too, as a second line.
import { Principal } from '../../platform/principal/principal';
import { CredentialResolver } from './resolve-principal';

export const PUBLIC_SCHEME = 'public';
/** The only credential value: `Authorization: Public branding`. */
export const PUBLIC_BRANDING_CREDENTIAL = 'Public branding';

/** Root Query fields a public principal may select. */
export const PUBLIC_ROOT_FIELDS: ReadonlySet<string> = new Set(['idvBranding', 'idvBrandingAsset']);

export const resolvePublicPrincipal: CredentialResolver = async (value) => (value === 'branding' ? publicPrincipal() : undefined);

export function publicPrincipal(): Principal {
  return { tenantId: '', workspaceId: '', actorId: 'public:branding', kind: 'public', entitlements: {} };
}
