import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API token format `mcs_<prefix>_<secret>` (external-api.md 1.3): a 12-hex lookup prefix and a
 * 43-char base64url secret (256 random bits). Stored as the SHA-256 of the whole token: the
 * secret is high-entropy, so a slow hash adds nothing (decisions.md).
 */
const TOKEN = /^mcs_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export interface ParsedToken {
  prefix: string;
  token: string;
}

export function parseToken(raw: string): ParsedToken | undefined {
  // The secret may contain "_", so only the first two underscores separate the parts.
  const match = TOKEN.exec(raw);
  return match ? { prefix: match[1] as string, token: raw } : undefined;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function tokenMatches(token: string, storedHash: string): boolean {
  const given = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export function generateToken(): { prefix: string; token: string; hash: string } {
  const prefix = randomBytes(6).toString('hex');
  const token = `mcs_${prefix}_${randomBytes(32).toString('base64url')}`;
  return { prefix, token, hash: hashToken(token) };
}
