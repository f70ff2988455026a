import { loadConfig, type VigilConfig } from '../../platform/config';

/**
 * The platform configuration every bench starts from: the environment's settings, ports chosen by
 * the OS, and the per-key and per-address rate limits off. A bench drives one key from one address
 * far past the default 100 requests/s on purpose; it measures the path, not the limiter (whose own
 * tests live in test/platform).
 */
export function benchConfig(overrides: Partial<VigilConfig> = {}): VigilConfig {
  return {
    ...loadConfig(),
    ports: { rest: 0, gateway: 0, profiles: 0, idv: 0, screening: 0, risk: 0, access: 0 },
    rateLimits: { perKey: undefined, perAddress: undefined, authFailures: undefined },
    ...overrides,
  };
}
