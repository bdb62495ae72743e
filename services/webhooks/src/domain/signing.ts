/**
 * Standard Webhooks signing (events-webhooks.md §4.11): `whsec_` secrets, HMAC-SHA256 over
 * `<webhook-id>.<webhook-timestamp>.<body>`, and during a rotation's grace period two
 * signatures, new first, so receivers can switch secrets without losing a delivery.
 */
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';
export const MAX_GRACE_PERIOD_HOURS = 168;
export const DEFAULT_GRACE_PERIOD_HOURS = 24;

export interface SigningSecrets {
  current: string;
  /** The secret replaced by the latest rotation, valid until `previousExpiresAt`. */
  previous: string | null;
  previousExpiresAt: Date | null;
}

export interface SignedMessage {
  /** The event ID (stable across attempts, rounds and manual retries) or a test's fresh UUID. */
  id: string;
  /** This attempt's time; sent as integer Unix seconds. */
  timestamp: Date;
  /** The exact bytes sent; empty for GET. */
  body: Buffer | string;
}

export function generateSigningSecret(random: (size: number) => Buffer = randomBytes): string {
  return PREFIX + random(32).toString('base64');
}

export function unixSeconds(time: Date): number {
  return Math.floor(time.getTime() / 1000);
}

/** One `v1,<base64 HMAC-SHA256>` entry. */
export function sign(secret: string, message: SignedMessage): string {
  const key = Buffer.from(
    secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret,
    'base64',
  );
  const mac = createHmac('sha256', key)
    .update(`${message.id}.${unixSeconds(message.timestamp)}.`)
    .update(message.body)
    .digest('base64');
  return `v1,${mac}`;
}

/** The secrets that sign at `now`: the current one, then the previous while its grace lasts. */
export function activeSecrets(secrets: SigningSecrets, now: Date): string[] {
  const graceLasts =
    secrets.previous !== null &&
    secrets.previousExpiresAt !== null &&
    secrets.previousExpiresAt.getTime() > now.getTime();
  return graceLasts && secrets.previous ? [secrets.current, secrets.previous] : [secrets.current];
}

/**
 * The three Standard Webhooks headers. `secrets` null (an unsaved endpoint's test) sends the
 * ID and timestamp without a signature (§3.4).
 */
export function webhookHeaders(
  message: SignedMessage,
  secrets: SigningSecrets | null,
): Record<string, string> {
  const headers: Record<string, string> = {
    'webhook-id': message.id,
    'webhook-timestamp': String(unixSeconds(message.timestamp)),
  };
  if (secrets)
    headers['webhook-signature'] = activeSecrets(secrets, message.timestamp)
      .map((secret) => sign(secret, message))
      .join(' ');
  return headers;
}

/**
 * A new current secret; the replaced one stays valid for `graceHours` (0 ends it at once).
 * Rotating again inside a grace period drops the older previous secret, so at most two
 * signatures are ever sent.
 */
export function rotate(
  secrets: Pick<SigningSecrets, 'current'>,
  graceHours: number,
  now: Date,
  generate: () => string = generateSigningSecret,
): SigningSecrets {
  const current = generate();
  if (graceHours <= 0) return { current, previous: null, previousExpiresAt: null };
  return {
    current,
    previous: secrets.current,
    previousExpiresAt: new Date(now.getTime() + graceHours * 3_600_000),
  };
}
