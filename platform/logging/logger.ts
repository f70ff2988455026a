import pino from 'pino';
import { envValue } from '../config/env';

/** Structured JSON logs. Credentials and personal data never reach a log line: known sensitive
 * keys are redacted wherever they appear. */
export const logger = pino({
  level: envValue('VIGIL_LOG_LEVEL') ?? (envValue('NODE_ENV') === 'test' ? 'silent' : 'info'),
  base: { service: envValue('VIGIL_SERVICE') },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers["x-api-key"]',
      'req.headers["x-vigil-principal"]',
      '*.password',
      '*.apiKey',
      '*.token',
      '*.session_token',
      '*.email',
    ],
    censor: '[redacted]',
  },
});

export type Logger = typeof logger;

/**
 * An error as a log line carries it: name, message and code only. Some errors hold whole objects (pg's pool puts its
 * `client` on connection errors, kilobytes of connection state) that must not be serialized into a log line.
 */
export function errorSummary(error: unknown): { name: string; message: string; code?: string } {
  if (!(error instanceof Error)) return { name: typeof error, message: String(error) };
  // Codes are strings (pg, Node) or numbers; anything else would only print as [object Object].
  const code = (error as { code?: unknown }).code;
  return {
    name: error.constructor?.name && error.constructor.name !== 'Error' ? error.constructor.name : error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
  };
}
