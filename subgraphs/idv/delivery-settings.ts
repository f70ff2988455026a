// Settings of invite email and webhook delivery, with their defaults. Tests compress time with
// webhookTimeScale (a retry schedule of about a day becomes seconds) and allow loopback receivers.
import { VigilConfig } from '../../platform/config';

export interface DeliverySettings {
  smtp: VigilConfig['smtp'];
  /** Base of hosted-page links: the verify base when configured, else the public REST base. */
  verifyBaseUrl: string;
  /** True when verifyBaseUrl was configured explicitly (VIGIL_VERIFY_BASE_URL). */
  verifyBaseConfigured: boolean;
  webhookAllowPrivateNetworks: boolean;
  webhookTimeScale: number;
  webhookTimeoutMs: number;
  smtpTimeoutMs: number;
}

export function deliverySettings(config: VigilConfig): DeliverySettings {
  const delivery = config.delivery ?? {};
  return {
    smtp: config.smtp,
    verifyBaseUrl: (config.verifyBaseUrl ?? config.publicBaseUrl).replace(/\/+$/, ''),
    verifyBaseConfigured: Boolean(config.verifyBaseUrl),
    webhookAllowPrivateNetworks: delivery.webhookAllowPrivateNetworks ?? false,
    webhookTimeScale: delivery.webhookTimeScale && delivery.webhookTimeScale > 0 ? delivery.webhookTimeScale : 1,
    webhookTimeoutMs: delivery.webhookTimeoutMs ?? 10_000,
    smtpTimeoutMs: delivery.smtpTimeoutMs ?? 30_000,
  };
}

/** Email invite link lifetime (72 h, reusable). */
export const EMAIL_INVITE_LIFETIME_MS = 72 * 3600 * 1000;
/** Direct link lifetime (at most 900 s, single use, not raisable). */
export const DIRECT_LINK_LIFETIME_MS = 900 * 1000;

/** A hosted-page link: {verify_base_url}/verify/<session_id>#code=<invite_code> (credential in the fragment). */
export function verifyUrl(base: string, sessionId: string, code: string): string {
  return `${base}/verify/${encodeURIComponent(sessionId)}#code=${encodeURIComponent(code)}`;
}

/** A verify base fit for direct links: https, or http on a loopback host (local `npm start`). */
export function isSecureVerifyBase(base: string): boolean {
  try {
    const url = new URL(base);
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}
