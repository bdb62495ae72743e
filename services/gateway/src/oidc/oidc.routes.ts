import type { Request, Response } from 'express';
import { NotFound, type Logger } from '@mcs/kit';
import type { GatewayConfig } from '../config';
import { json, operation, type Handler, type Outcome } from '../operation';
import type { PasswordAttempts } from '../rate-limits/password-attempts.service';
import { loginBrowser } from '../sessions/browser-login';
import { cookieOf, setCookie } from '../sessions/session-cookie';
import type { SessionService } from '../sessions/session.service';
import type { GatewaySettings } from '../settings/gateway-settings';
import { safeReturnTo, withoutTrailingSlashes } from './domain/return-to';
import { NoStartedLogin, reasonOf, type OidcService } from './oidc.service';
import { oidcSettingsView } from './oidc.view';
import { PENDING_LOGIN_SECONDS } from './pending-logins';

/** Binds a started login to the browser that started it (its id in Redis). */
const LOGIN_COOKIE = 'mcs_oidc';
const CALLBACK_PATH = '/api/auth/oidc/callback';
/** Where every failed login lands: the login page says single sign-on did not work. */
const FAILED = '/login?error=oidc_failed';

export function oidcRoutes(deps: {
  config: GatewayConfig;
  oidc: OidcService;
  attempts: PasswordAttempts;
  sessions: SessionService;
  settings: GatewaySettings;
  log: Logger;
}): Record<string, Handler> {
  /**
   * The callback URL to register at the provider: below the general setting public_url, else
   * below the origin this request reached (scheme and host from a trusted proxy's headers).
   */
  const redirectUri = async (req: Request) => {
    const publicUrl = (await deps.settings.current()).public_url;
    const base = publicUrl ?? `${req.protocol}://${req.host}${deps.config.basePath}`;
    return `${withoutTrailingSlashes(base)}${CALLBACK_PATH}`;
  };
  const loginCookie = (req: Request, res: Response, value: string, maxAge: number) =>
    setCookie(req, res, deps.config, { name: LOGIN_COOKIE, value, maxAge });

  return {
    getOidcSettings: async ({ req }) =>
      json(200, oidcSettingsView(await deps.oidc.settings(), await redirectUri(req))),

    updateOidcSettings: operation<'updateOidcSettings'>(async ({ req, body }) => {
      const { client_secret_set: _set, redirect_uri: _uri, ...change } = body;
      return json(200, oidcSettingsView(await deps.oidc.update(change), await redirectUri(req)));
    }),

    oidcLogin: async ({ req, res, query }) => {
      if (!(await deps.oidc.loginOption()).enabled)
        throw new NotFound('Single sign-on (OIDC) is not enabled.');
      // Each started login counts like a password attempt; its callback then does not.
      await deps.attempts.login(req.ip ?? 'unknown');
      try {
        const started = await deps.oidc.start(
          await redirectUri(req),
          safeReturnTo(query.return_to),
        );
        if (!started) return redirect(res, FAILED);
        loginCookie(req, res, started.loginId, PENDING_LOGIN_SECONDS);
        return redirect(res, started.url.href);
      } catch (error) {
        deps.log.warn({ reason: reasonOf(error) }, 'oidc login could not start');
        return redirect(res, FAILED);
      }
    },

    oidcCallback: async ({ req, res }) => {
      // Used once whatever happens: the cookie goes, and the stored login is taken below.
      loginCookie(req, res, '', 0);
      try {
        const { user, returnTo } = await deps.oidc.finish(
          cookieOf(req, LOGIN_COOKIE),
          new URL(req.originalUrl, 'http://callback').search,
        );
        await loginBrowser(deps, req, res, user);
        return redirect(res, returnTo);
      } catch (error) {
        // A callback that matches no started login is a guess (or a replay): it counts
        // against the address's login attempts (429 past the limit).
        if (error instanceof NoStartedLogin) await deps.attempts.login(req.ip ?? 'unknown');
        deps.log.warn({ reason: reasonOf(error) }, 'oidc login failed');
        return redirect(res, FAILED);
      }
    },
  };
}

function redirect(res: Response, location: string): Outcome {
  res.setHeader('Location', location);
  // A login redirect carries one-time values (state, a session): never from a cache.
  res.setHeader('Cache-Control', 'no-store');
  return { status: 302, contentType: 'text/plain', body: null };
}
