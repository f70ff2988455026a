// All configuration comes from the environment, read once here. `npm start` on the embedded
// default fills in what is missing (database, secrets kept under .vigil/) before services start.
import { RateLimits, rateLimitsFromEnv } from './http/rate-limit';

export interface SubgraphUrls {
  profiles: string;
  idv: string;
  screening: string;
  risk: string;
}

export interface VigilConfig {
  databaseUrl: string;
  /** HMAC secret shared by the gateway and the subgraphs for the signed principal header. */
  internalSecret: string;
  /** 32-byte master key (base64) that wraps the data keys of personal data. */
  masterKey: Buffer;
  host: string;
  ports: { rest: number; gateway: number; profiles: number; idv: number; screening: number; risk: number };
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
  const host = env.VIGIL_HOST ?? '127.0.0.1';
  const port = (name: string, fallback: number) => Number(env[name] ?? fallback);
  const ports = {
    rest: port('VIGIL_REST_PORT', 3000),
    gateway: port('VIGIL_GATEWAY_PORT', 4000),
    profiles: port('VIGIL_PROFILES_PORT', 4001),
    idv: port('VIGIL_IDV_PORT', 4002),
    screening: port('VIGIL_SCREENING_PORT', 4003),
    risk: port('VIGIL_RISK_PORT', 4004),
  };
  const local = (p: number) => `http://${host}:${p}/graphql`;
  return {
    databaseUrl: required(env, 'DATABASE_URL'),
    internalSecret: required(env, 'VIGIL_INTERNAL_SECRET'),
    masterKey: masterKeyFrom(required(env, 'VIGIL_MASTER_KEY')),
    host,
    ports,
    subgraphUrls: {
      profiles: env.VIGIL_PROFILES_URL ?? local(ports.profiles),
      idv: env.VIGIL_IDV_URL ?? local(ports.idv),
      screening: env.VIGIL_SCREENING_URL ?? local(ports.screening),
      risk: env.VIGIL_RISK_URL ?? local(ports.risk),
    },
    gatewayUrl: env.VIGIL_GATEWAY_URL ?? local(ports.gateway),
    publicBaseUrl: env.VIGIL_PUBLIC_BASE_URL ?? `http://${host}:${ports.rest}`,
    verifyBaseUrl: env.VIGIL_VERIFY_BASE_URL,
    logLevel: env.VIGIL_LOG_LEVEL ?? 'info',
    smtp: env.VIGIL_SMTP_HOST
      ? { host: env.VIGIL_SMTP_HOST, port: Number(env.VIGIL_SMTP_PORT ?? 25), from: env.VIGIL_SMTP_FROM ?? 'no-reply@vigil.local' }
      : undefined,
    delivery: {
      webhookAllowPrivateNetworks: env.VIGIL_WEBHOOK_ALLOW_PRIVATE_NETWORKS === 'true',
      webhookTimeScale: env.VIGIL_WEBHOOK_TIME_SCALE ? Number(env.VIGIL_WEBHOOK_TIME_SCALE) : undefined,
      webhookTimeoutMs: env.VIGIL_WEBHOOK_TIMEOUT_MS ? Number(env.VIGIL_WEBHOOK_TIMEOUT_MS) : undefined,
      smtpTimeoutMs: env.VIGIL_SMTP_TIMEOUT_MS ? Number(env.VIGIL_SMTP_TIMEOUT_MS) : undefined,
    },
    rateLimits: rateLimitsFromEnv(env),
    introspection: env.VIGIL_GRAPHQL_INTROSPECTION !== 'false',
  };
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

function masterKeyFrom(text: string): Buffer {
  const key = Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('VIGIL_MASTER_KEY must be 32 bytes, base64-encoded');
  return key;
}
