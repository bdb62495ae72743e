import type { Request, Response } from 'express';
import type { GatewayConfig } from '../config';
import { SESSION_COOKIE } from './session.service';

const MAX_AGE_SECONDS = 30 * 24 * 3600;

/** A cookie's value as the browser sent it. */
export function cookieOf(req: Request, cookie: string): string | undefined {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === cookie) return value.join('=');
  }
  return undefined;
}

export function sessionCookieOf(req: Request): string | undefined {
  return cookieOf(req, SESSION_COOKIE);
}

/**
 * Sets (or, with maxAge 0, clears) one of the gateway's cookies: HttpOnly, SameSite=Lax,
 * Path=/; Secure per COOKIE_SECURE (auto: when the request was HTTPS). The value is base64url
 * (or empty): no encoding needed.
 */
export function setCookie(
  req: Request,
  res: Response,
  config: GatewayConfig,
  cookie: { name: string; value: string; maxAge: number },
): void {
  const secure = config.cookieSecure === 'auto' ? req.secure : config.cookieSecure === 'true';
  res.append(
    'Set-Cookie',
    [
      `${cookie.name}=${cookie.value}`,
      `Max-Age=${cookie.maxAge}`,
      'Path=/',
      'HttpOnly',
      'SameSite=Lax',
      ...(secure ? ['Secure'] : []),
    ].join('; '),
  );
}

export function setSessionCookie(
  req: Request,
  res: Response,
  config: GatewayConfig,
  value: string,
): void {
  setCookie(req, res, config, { name: SESSION_COOKIE, value, maxAge: MAX_AGE_SECONDS });
}

export function clearSessionCookie(req: Request, res: Response, config: GatewayConfig): void {
  setCookie(req, res, config, { name: SESSION_COOKIE, value: '', maxAge: 0 });
}
