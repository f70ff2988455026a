// Which OpenID provider a tenant signs in with: a configuration stored by `npm run cli --
// configure-sso` (client secret sealed with the platform's envelope encryption), or, for a
// single-tenant install, VIGIL_OIDC_ISSUER and its siblings (the tenant of VIGIL_OIDC_WORKSPACE; it wins over a stored
// configuration of the same tenant). The secret is opened only to talk to the provider: it is
// never logged, printed or answered.
import { open, seal, SealedValue } from '../../../../platform/crypto/envelope';
import { Principal } from '../../../../platform/principal/principal';
import { DashboardRole, isDashboardRole } from '../../../../platform/principal/roles';
import { findWorkspace } from '../../data/user-store';
import { AccessError } from '../../errors';
import { requireAdmin } from '../../services/caller';
import { AccessDeps } from '../../services/deps';
import {
  deleteSsoConfiguration,
  findSsoConfiguration,
  firstSsoTenants,
  saveSsoConfiguration,
  SsoConfigurationRow,
} from '../data/sso-store';

export interface EffectiveSsoConfiguration {
  tenantId: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  emailClaim: string;
  provisionRole: DashboardRole | null;
  provisionWorkspaceId: string | null;
  /** Changes whenever the configuration does (the provider client cache key). */
  version: string;
  source: 'environment' | 'database';
}

const secretContext = (tenantId: string) => `access.sso:${tenantId}:client_secret`;
const notConfigured = () => new AccessError('sso_not_configured', 'Single sign-on is not configured');

async function fromEnvironment(deps: AccessDeps): Promise<EffectiveSsoConfiguration | undefined> {
  const env = deps.config.console.oidc;
  if (!env) return undefined;
  const workspace = await findWorkspace(deps.db, env.workspaceId);
  if (!workspace) return undefined;
  return {
    tenantId: workspace.tenantId,
    issuer: env.issuer,
    clientId: env.clientId,
    clientSecret: env.clientSecret,
    emailClaim: env.emailClaim,
    provisionRole: env.provisionRole && isDashboardRole(env.provisionRole) ? env.provisionRole : null,
    provisionWorkspaceId: workspace.id,
    version: 'environment',
    source: 'environment',
  };
}

function fromRow(deps: AccessDeps, row: SsoConfigurationRow): EffectiveSsoConfiguration {
  return {
    tenantId: row.tenantId,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: open<string>(deps.keyProvider, row.clientSecret as SealedValue, secretContext(row.tenantId)),
    emailClaim: row.emailClaim,
    provisionRole: row.provisionRole && isDashboardRole(row.provisionRole) ? row.provisionRole : null,
    provisionWorkspaceId: row.provisionWorkspaceId,
    version: row.updatedAt.toISOString(),
    source: 'database',
  };
}

/**
 * The configuration of `tenantId`, or without one the installation's only configuration (the
 * environment's, else the one stored): 404 sso_not_configured, 400 sso_tenant_required when
 * several tenants have one.
 */
export async function resolveSsoConfiguration(deps: AccessDeps, tenantId: string | undefined): Promise<EffectiveSsoConfiguration> {
  const env = await fromEnvironment(deps);
  if (tenantId !== undefined) {
    if (env?.tenantId === tenantId) return env;
    const row = await findSsoConfiguration(deps.db, tenantId);
    if (!row) throw notConfigured();
    return fromRow(deps, row);
  }
  if (env) return env;
  const tenants = await firstSsoTenants(deps.db);
  if (tenants.length > 1) throw new AccessError('sso_tenant_required', 'Several tenants sign in with their own provider: name the tenant');
  const row = tenants[0] ? await findSsoConfiguration(deps.db, tenants[0]) : null;
  if (!row) throw notConfigured();
  return fromRow(deps, row);
}

export interface ConfigureSsoInput {
  workspaceId: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  emailClaim?: string;
  provisionRole?: DashboardRole | null;
}

/** Validates the issuer and claim, seals the secret and stores the tenant's configuration (operators: the CLI). */
export async function configureSso(deps: AccessDeps, input: ConfigureSsoInput): Promise<SsoConfigurationRow> {
  const workspace = await findWorkspace(deps.db, input.workspaceId);
  if (!workspace) throw new AccessError('sso_configuration_invalid', `No workspace ${input.workspaceId}`);
  const issuer = URL.canParse(input.issuer) ? new URL(input.issuer) : null;
  const loopback = issuer?.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  if (!issuer || (issuer.protocol !== 'https:' && !loopback))
    throw new AccessError('sso_configuration_invalid', 'issuer: must be an https URL (http only on localhost)');
  if (!input.clientId.trim()) throw new AccessError('sso_configuration_invalid', 'clientId: must not be empty');
  if (!input.clientSecret) throw new AccessError('sso_configuration_invalid', 'clientSecret: must not be empty');
  const emailClaim = input.emailClaim?.trim() || 'email';
  if (!/^[\w:./-]{1,100}$/.test(emailClaim)) throw new AccessError('sso_configuration_invalid', 'emailClaim: must be a claim name');
  return saveSsoConfiguration(deps.db, {
    tenantId: workspace.tenantId,
    // The issuer exactly as given: ID tokens must carry the same `iss`.
    issuer: input.issuer,
    clientId: input.clientId.trim(),
    clientSecret: seal(deps.keyProvider, input.clientSecret, secretContext(workspace.tenantId)),
    emailClaim,
    provisionRole: input.provisionRole ?? null,
    provisionWorkspaceId: workspace.id,
  });
}

export async function removeSso(deps: AccessDeps, workspaceId: string): Promise<boolean> {
  const workspace = await findWorkspace(deps.db, workspaceId);
  if (!workspace) throw new AccessError('sso_configuration_invalid', `No workspace ${workspaceId}`);
  return deleteSsoConfiguration(deps.db, workspace.tenantId);
}

/** What an admin may read of the tenant's configuration: everything but the secret. */
export interface SsoConfigurationView {
  issuer: string;
  clientId: string;
  emailClaim: string;
  provisionRole: DashboardRole | null;
  provisionWorkspaceId: string | null;
  redirectUri: string;
  source: 'environment' | 'database';
}

export async function readSsoConfiguration(
  deps: AccessDeps,
  principal: Principal,
  redirectUri: string,
): Promise<SsoConfigurationView | null> {
  const caller = requireAdmin(principal);
  let sso: EffectiveSsoConfiguration;
  try {
    sso = await resolveSsoConfiguration(deps, caller.tenantId);
  } catch (error) {
    if (error instanceof AccessError && error.code === 'sso_not_configured') return null;
    throw error;
  }
  return {
    issuer: sso.issuer,
    clientId: sso.clientId,
    emailClaim: sso.emailClaim,
    provisionRole: sso.provisionRole,
    provisionWorkspaceId: sso.provisionWorkspaceId,
    redirectUri,
    source: sso.source,
  };
}
