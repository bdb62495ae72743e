import pino, { type DestinationStream, type Logger } from 'pino';
import { currentContext } from './context';

export type { Logger };

/**
 * Field names whose values are never written to logs, at any of the listed depths. Secrets must
 * not reach log storage even when a developer logs a whole object by mistake.
 */
const SECRET_KEYS = [
  'password',
  'secret',
  'token',
  'apiKey',
  'api_key',
  'authorization',
  'cookie',
  'set-cookie',
  'x-csrf-token',
  'x-mcs-signature',
  'signing_secret',
  'auth_password',
  'encryptionKey',
  'internalSecret',
];

function redactPaths(): string[] {
  const paths: string[] = [];
  for (const key of SECRET_KEYS) {
    const quoted = `["${key}"]`;
    paths.push(
      quoted,
      `*${quoted}`,
      `*.*${quoted}`,
      `req.headers${quoted}`,
      `res.headers${quoted}`,
    );
  }
  return paths;
}

export function createLogger(options: {
  service: string;
  level: string;
  /** Where lines go (stdout by default); tests pass a collector. */
  destination?: DestinationStream;
}): Logger {
  return pino(
    {
      level: options.level,
      base: { service: options.service },
      redact: { paths: redactPaths(), censor: '[redacted]' },
      // Every line carries the correlation id of the request, message or job it belongs to.
      mixin: () => {
        const context = currentContext();
        return context ? { correlation_id: context.correlationId } : {};
      },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    options.destination ?? pino.destination(1),
  );
}
