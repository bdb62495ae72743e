import pino, { type DestinationStream, type Logger } from 'pino';
import { currentContext } from './context';

export type { Logger };

/**
 * Values of these fields never reach the log, at any depth, however the name is spelled:
 * names are compared lower-cased without '-' and '_' (Authorization, x-api-key, api_key and
 * apiKey all match) and by suffix, so smtp_password, X-Plex-Token or client_secret are covered
 * too. pino's `redact` paths are exact, case-sensitive and fixed in depth, which is why a whole
 * object (an HTTP client error with config.headers.authorization) could leak through them.
 */
const SECRET_NAME =
  /(password|passwordhash|secret|token|tokenhash|apikey|authorization|cookie|signature|encryptionkey|privatekey)$/;

const CENSOR = '[redacted]';
/** Deep enough for any object logged on purpose; stops runaway graphs (sockets, pools). */
const MAX_DEPTH = 8;

function isSecretName(key: string): boolean {
  return SECRET_NAME.test(key.toLowerCase().replace(/[-_]/g, ''));
}

/**
 * A copy of `value` as JSON would write it, with secret fields censored. Errors are serialized
 * here (pino's err serializer, then scrubbed) because their own fields carry request configs.
 */
function scrub(value: unknown, depth = 0, parents: object[] = []): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (parents.includes(value)) return '[Circular]';
  if (depth > MAX_DEPTH) return '[too deep]';
  if (value instanceof Error) return scrub(pino.stdSerializers.err(value), depth, parents);
  // Date, Buffer, URL…: JSON writes them through toJSON, not through their fields.
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  const inner = [...parents, value];
  if (Array.isArray(value)) return value.map((item: unknown) => scrub(item, depth + 1, inner));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = isSecretName(key) ? CENSOR : scrub(item, depth + 1, inner);
  }
  return copy;
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
      formatters: {
        log: (object) => scrub(object) as Record<string, unknown>,
        bindings: (bindings) => scrub(bindings) as Record<string, unknown>,
      },
      // scrub() has already serialized errors; the default serializer would redo it.
      serializers: { err: (error: unknown) => error },
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
