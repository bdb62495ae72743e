import type { Request, Response } from 'express';
import type { GatewayConfig } from '../config';
import { SESSION_COOKIE } from './session.service';

const MAX_AGE_SECONDS = 30 * 24 * 3600;

export function sessionCookieOf(req: Request): string | undefined {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=');
  }
  return undefined;
}

function serialize(
  name: string,
  value: string,
  options: { maxAge: number; secure: boolean },
): string {
  // The value is base64url (or empty): no encoding needed.
  return [
    `${name}=${value}`,
    `Max-Age=${options.maxAge}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** HttpOnly, SameSite=Lax, Path=/; Secure per COOKIE_SECURE (auto: when the request was HTTPS). */
export function setSessionCookie(
  req: Request,
  res: Response,
  config: GatewayConfig,
  value: string,
): void {
  res.append(
    'Set-Cookie',
    serialize(SESSION_COOKIE, value, { ...attributes(req, config), maxAge: MAX_AGE_SECONDS }),
  );
}

export function clearSessionCookie(req: Request, res: Response, config: GatewayConfig): void {
  res.append(
    'Set-Cookie',
    serialize(SESSION_COOKIE, '', { ...attributes(req, config), maxAge: 0 }),
  );
}

function attributes(req: Request, config: GatewayConfig) {
  return { secure: config.cookieSecure === 'auto' ? req.secure : config.cookieSecure === 'true' };
}
