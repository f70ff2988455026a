import pino from 'pino';

/** Structured JSON logs. Credentials and personal data never reach a log line: known sensitive
 * keys are redacted wherever they appear. */
export const logger = pino({
  level: process.env.VIGIL_LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: { service: process.env.VIGIL_SERVICE ?? 'vigil' },
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
