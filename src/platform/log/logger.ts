import type { FastifyServerOptions } from 'fastify';

/** Paths pino blanks in every log line: credentials, passwords, secrets, keys. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-service-unauth-token"]',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'headers.authorization',
  'headers["x-service-unauth-token"]',
  'headers["x-api-key"]',
  '*.password',
  '*.current_password',
  '*.secret',
  '*.key',
  '*.unauth_token',
  '*.access_token',
  '*.token',
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // Query strings may carry cursors or signed links: log the path only.
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        ip: req.ip,
      }),
    },
  };
}
