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
