import type { Request, Response } from 'express';
import type { Logger } from '@mcs/kit';
import type { ForwardAuthConfig, GatewayConfig } from '../config';
import { groupList } from '../domain/forward-auth/identity';
import { setSessionCookie } from '../sessions/session-cookie';
import type { ActiveSession } from '../sessions/session.service';
import type { ForwardAuthService } from './forward-auth.service';
import { OncePerMinute } from './once-per-minute';

/** The session a cookie-authenticated request acts as, given what the proxy says (if anything). */
export type ForwardAuthStep = (
  req: Request,
  res: Response,
  current: ActiveSession | undefined,
) => Promise<ActiveSession | undefined>;

/**
 * The forward-auth step of the internal routes' session check. The user header counts only
 * when the TCP peer (req.socket.remoteAddress, never X-Forwarded-For, which any client can
 * write) is on FORWARD_AUTH_TRUSTED_PROXIES; from anywhere else the request goes on as if the
 * header were absent, and the operator is told once per peer a minute (peer and header name,
 * no value: a spoofing attempt's text is not worth logging).
 */
export function forwardAuthStep(deps: {
  config: ForwardAuthConfig;
  gateway: GatewayConfig;
  service: ForwardAuthService;
  clock: () => Date;
  log: Logger;
}): ForwardAuthStep {
  const { config } = deps;
  const warnings = new OncePerMinute(deps.clock);
  deps.log.info(
    { header: config.userHeader, trustedProxies: config.trustedProxies.entries },
    'forward-auth is on for the listed proxies',
  );
  return async (req, res, current) => {
    const username = req.get(config.userHeader)?.trim();
    if (!username) return current;
    const peer = req.socket.remoteAddress ?? 'unknown';
    if (!config.trustedProxies.includes(req.socket.remoteAddress)) {
      if (warnings.take(peer))
        deps.log.warn(
          { peer, header: config.userHeader },
          'forward-auth header from a peer not in FORWARD_AUTH_TRUSTED_PROXIES; ignored',
        );
      return current;
    }
    const groups = config.groupsHeader ? req.get(config.groupsHeader) : undefined;
    const outcome = await deps.service.signIn(
      { peer, username, groups: groups === undefined ? undefined : groupList(groups) },
      current,
    );
    switch (outcome.kind) {
      case 'kept':
        return outcome.session;
      case 'started':
        setSessionCookie(req, res, deps.gateway, outcome.cookieValue);
        return outcome.session;
      case 'refused':
        return undefined;
    }
  };
}
