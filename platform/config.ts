// All configuration comes from the environment, read once here (each variable is declared in
// config/env.ts). `npm start` on the embedded default fills in what is missing (database, secrets
// kept under .vigil/) before services start.
import { readEnv } from './config/env';
import { RateLimits, rateLimitsFromEnv } from './http/rate-limit';

export interface SubgraphUrls {
  profiles: string;
  idv: string;
  screening: string;
  risk: string;
  access: string;
}

export interface VigilConfig {
  databaseUrl: string;
  /** HMAC secret shared by the gateway and the subgraphs for the signed principal header. */
  internalSecret: string;
  /** 32-byte master key (base64) that wraps the data keys of personal data. */
  masterKey: Buffer;
  host: string;
  ports: { rest: number; gateway: number; profiles: number; idv: number; screening: number; risk: number; access: number };
  /** Console sign-in sessions and links (docs/console.md). */
  console: ConsoleAccessConfig;
  subgraphUrls: SubgraphUrls;
  gatewayUrl: string;
  /** Public base of the REST API and of the hosted capture page (direct invite links). */
  publicBaseUrl: string;
  verifyBaseUrl: string | undefined;
  logLevel: string;
  smtp: { host: string; port: number; from: string } | undefined;
  /** Token-bucket limits of the REST adapter and the gateway (docs/reliability.md). */
  rateLimits: RateLimits;
  /** GraphQL introspection on the gateway (VIGIL_GRAPHQL_INTROSPECTION=false in production). */
  introspection: boolean;
  /** Invite email and webhook delivery settings (subgraphs/idv/delivery-settings.ts fills defaults). */
  delivery?: DeliveryConfig;
}

export interface ConsoleAccessConfig {
  /** A session ends after this long without a request. */
  sessionIdleMs: number;
  /** A session ends this long after sign-in. */
  sessionMaxMs: number;
  /** One-time links of invitations and of the first admin stay valid this long. */
  inviteLinkMs: number;
  /** Single sign-on of a single-tenant install from VIGIL_OIDC_ISSUER and its siblings (undefined: none from the environment). */
  oidc?: EnvOidcConfig;
}

/** VIGIL_OIDC_ISSUER and its siblings: one tenant's OpenID Connect configuration (the tenant of `workspaceId`). */
export interface EnvOidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  workspaceId: string;
  emailClaim: string;
  provisionRole: string | undefined;
}

export interface DeliveryConfig {
  /** Operator setting: allow webhook URLs on private, loopback and link-local addresses. */
  webhookAllowPrivateNetworks?: boolean;
  /** Multiplies every webhook retry delay and the disable-after-a-day window (tests compress time). */
  webhookTimeScale?: number;
  /** Milliseconds one webhook HTTP attempt may take. */
  webhookTimeoutMs?: number;
  /** Milliseconds an SMTP conversation may stall before the outcome counts as unconfirmed. */
  smtpTimeoutMs?: number;
  /** Folder of the local mail sink (npm start without SMTP); the REST adapter lists it at /_dev/mail. */
  localMailDir?: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): VigilConfig {
  // Every declared variable is parsed here, once per start: an invalid one stops the start naming it.
  const vars = readEnv(env);
  const host = vars.VIGIL_HOST;
  const ports = {
    rest: vars.VIGIL_REST_PORT,
    gateway: vars.VIGIL_GATEWAY_PORT,
    profiles: vars.VIGIL_PROFILES_PORT,
    idv: vars.VIGIL_IDV_PORT,
    screening: vars.VIGIL_SCREENING_PORT,
    risk: vars.VIGIL_RISK_PORT,
    access: vars.VIGIL_ACCESS_PORT,
  };
  const local = (p: number) => `http://${host}:${p}/graphql`;
  return {
    databaseUrl: required('DATABASE_URL', vars.DATABASE_URL),
    internalSecret: required('VIGIL_INTERNAL_SECRET', vars.VIGIL_INTERNAL_SECRET),
    masterKey: Buffer.from(required('VIGIL_MASTER_KEY', vars.VIGIL_MASTER_KEY), 'base64'),
    host,
    ports,
    subgraphUrls: {
      profiles: vars.VIGIL_PROFILES_URL ?? local(ports.profiles),
      idv: vars.VIGIL_IDV_URL ?? local(ports.idv),
      screening: vars.VIGIL_SCREENING_URL ?? local(ports.screening),
      risk: vars.VIGIL_RISK_URL ?? local(ports.risk),
      access: vars.VIGIL_ACCESS_URL ?? local(ports.access),
    },
    gatewayUrl: vars.VIGIL_GATEWAY_URL ?? local(ports.gateway),
    publicBaseUrl: vars.VIGIL_PUBLIC_BASE_URL ?? `http://${host}:${ports.rest}`,
    verifyBaseUrl: vars.VIGIL_VERIFY_BASE_URL,
    logLevel: vars.VIGIL_LOG_LEVEL ?? 'info',
    smtp: vars.VIGIL_SMTP_HOST ? { host: vars.VIGIL_SMTP_HOST, port: vars.VIGIL_SMTP_PORT, from: vars.VIGIL_SMTP_FROM } : undefined,
    delivery: {
      webhookAllowPrivateNetworks: vars.VIGIL_WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      webhookTimeScale: vars.VIGIL_WEBHOOK_TIME_SCALE,
      webhookTimeoutMs: vars.VIGIL_WEBHOOK_TIMEOUT_MS,
      smtpTimeoutMs: vars.VIGIL_SMTP_TIMEOUT_MS,
    },
    rateLimits: rateLimitsFromEnv(env),
    console: {
      sessionIdleMs: vars.VIGIL_CONSOLE_SESSION_IDLE_SECONDS * 1000,
      sessionMaxMs: vars.VIGIL_CONSOLE_SESSION_MAX_SECONDS * 1000,
      inviteLinkMs: vars.VIGIL_CONSOLE_INVITE_HOURS * 3600_000,
      oidc: vars.VIGIL_OIDC_ISSUER
        ? {
            issuer: vars.VIGIL_OIDC_ISSUER,
            clientId: required('VIGIL_OIDC_CLIENT_ID', vars.VIGIL_OIDC_CLIENT_ID),
            clientSecret: required('VIGIL_OIDC_CLIENT_SECRET', vars.VIGIL_OIDC_CLIENT_SECRET),
            workspaceId: required('VIGIL_OIDC_WORKSPACE', vars.VIGIL_OIDC_WORKSPACE),
            emailClaim: vars.VIGIL_OIDC_EMAIL_CLAIM,
            provisionRole: vars.VIGIL_OIDC_PROVISION_ROLE,
          }
        : undefined,
    },
    introspection: vars.VIGIL_GRAPHQL_INTROSPECTION,
  };
}

function required(name: string, value: string | undefined): string {
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
