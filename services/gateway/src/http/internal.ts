import express, { type Request, type Response, type Router } from 'express';
import {
  AppError,
  Forbidden,
  Invalid,
  Unauthorized,
  type InternalClient,
  type Principal,
} from '@mcs/kit';
import type { GatewayConfig, ServiceName } from '../config';
import type { ForwardAuthStep } from '../forward-auth/forward-auth-step';
import type { Handler, HandlerContext, Outcome } from '../operation';
import type { PasswordAttempts } from '../rate-limits/password-attempts.service';
import { clearSessionCookie, sessionCookieOf } from '../sessions/session-cookie';
import { SessionService } from '../sessions/session.service';
import type { UserRecord } from '../users/user.repository';
import { readJsonObject } from './body';
import type { Contract, ContractOperation } from './contract';
import { normalizeBody, normalizeQuery } from './normalize';
import { forward, withQuery } from './proxy';
import { respond } from './respond';
import { matchRoute } from './route-match';
import { validateRequest } from './validation';

export interface InternalDeps {
  config: GatewayConfig;
  contract: Contract;
  sessions: SessionService;
  attempts: PasswordAttempts;
  call: InternalClient;
  /** Gateway-owned operations by operationId. */
  handlers: Record<string, Handler>;
  /** Forward-auth (FORWARD_AUTH_*): undefined when it is off. */
  forwardAuth?: ForwardAuthStep;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** internal-api.md 1: request bodies up to 256 KiB, a rule import up to 2 MiB. */
const BODY_LIMIT = 256 * 1024;
const LARGER_BODIES: Readonly<Record<string, number>> = { importRules: 2 * 1024 * 1024 };
/** Operations that start a session: no CSRF token exists yet, so they get other defences. */
const SESSION_STARTERS = new Set(['login', 'completeSetup']);

/**
 * Internal UI routes (internal-api.md 1.2): cookie sessions, roles and CSRF, read per
 * operation from the internal contract (`x-access`, `x-service`), then the gateway's own
 * handler or the owning service. Bearer tokens are never accepted here.
 */
export function internalApi(deps: InternalDeps): Router {
  const router = express.Router();
  router.use(async (req, res) => {
    const path = `/api${req.path}`;
    const operation = matchRoute(deps.contract, req.method, path, res);
    const session = await authorize(deps, req, res, operation);
    const body = MUTATING.has(req.method)
      ? normalizeBody(
          await readJsonObject(req, LARGER_BODIES[operation.operationId ?? ''] ?? BODY_LIMIT),
        )
      : {};
    const query = normalizeQuery(operation, req.query);
    const errors = validateRequest(deps.contract, operation, {
      method: req.method,
      path,
      query,
      headers: req.headers as Record<string, string | string[]>,
      body: MUTATING.has(req.method) ? body : undefined,
    });
    if (errors.length > 0) throw new Invalid(errors);
    // Validation has checked the encoding, so decoding cannot fail here.
    const params = Object.fromEntries(
      Object.entries(deps.contract.rawPathParams(operation, path)).map(([k, v]) => [
        k,
        decodeURIComponent(v),
      ]),
    );
    respond(res, await dispatch(deps, { req, res, session, body, query, params }, operation, path));
  });
  return router;
}

async function authorize(
  deps: InternalDeps,
  req: Request,
  res: Response,
  operation: ContractOperation,
) {
  const access = operation['x-access'] ?? 'admin';
  if (SESSION_STARTERS.has(operation.operationId ?? '')) {
    await guardSessionStart(deps, req);
    return undefined;
  }
  if (access === 'anyone' || access === 'anyone-before-setup') return undefined;
  const cookie = sessionCookieOf(req);
  const resolved = cookie ? await deps.sessions.resolve(cookie) : undefined;
  // A trusted proxy's user header may log a user in (or switch user) here; the role and CSRF
  // checks below then apply to that session like to any other.
  const session = deps.forwardAuth ? await deps.forwardAuth(req, res, resolved) : resolved;
  if (!session) {
    if (cookie) clearSessionCookie(req, res, deps.config);
    throw new Unauthorized('unauthenticated', 'Log in to use this route.');
  }
  if (access === 'admin' && session.user.role !== 'admin') {
    throw new Forbidden('forbidden', 'This route is for administrators.');
  }
  if (MUTATING.has(req.method) && !SessionService.csrfMatches(session, req.get('x-csrf-token'))) {
    throw new Forbidden('csrf_failed', 'The X-CSRF-Token header is missing or wrong.');
  }
  return session;
}

/**
 * Login and setup have no session (so no CSRF token) yet: they must be JSON (a cross-site form
 * cannot send that without a preflight), come from our own origin when the browser says where
 * they come from, and are limited per client address.
 */
async function guardSessionStart(deps: InternalDeps, req: Request): Promise<void> {
  const type = (req.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new AppError(415, 'unsupported_media_type', 'This route accepts application/json only.');
  }
  const origin = req.get('origin');
  if (origin !== undefined && !sameOrigin(origin, req, deps.config.trustProxy !== false)) {
    throw new Forbidden('csrf_failed', 'The request comes from another origin.');
  }
  await deps.attempts.login(req.ip ?? 'unknown');
}

/**
 * The Origin must be the gateway's own. Its host (and port) always count; X-Forwarded-Host
 * only from a trusted proxy (req.host). The scheme counts only when the gateway can know it,
 * i.e. behind a trusted proxy (X-Forwarded-Proto): without one, a proxy that ends TLS makes
 * every browser origin https while the gateway sees http, and logins would all be refused.
 */
function sameOrigin(origin: string, req: Request, schemeKnown: boolean): boolean {
  try {
    const claimed = new URL(origin);
    const scheme = schemeKnown ? `${req.protocol}:` : claimed.protocol;
    const own = new URL(`${scheme}//${req.host}`);
    return claimed.origin === own.origin;
  } catch {
    return false;
  }
}

async function dispatch(
  deps: InternalDeps,
  context: HandlerContext,
  operation: ContractOperation,
  path: string,
): Promise<Outcome> {
  const owner = operation['x-service'] ?? 'gateway';
  if (owner === 'gateway') {
    const handler = deps.handlers[operation.operationId ?? ''];
    if (!handler) throw new Error(`No gateway handler for ${operation.operationId}`);
    return handler(context);
  }
  const service = owner as ServiceName;
  const user = context.session?.user;
  if (!user) throw new Unauthorized('unauthenticated', 'Log in to use this route.');
  return forward(deps.call, {
    service,
    baseUrl: deps.config.services[service],
    method: context.req.method,
    url: withQuery(path, context.query),
    principal: userPrincipal(user),
    body: MUTATING.has(context.req.method) ? context.body : undefined,
  });
}

/**
 * The session's user as the owning service sees it. The name is what services may record as
 * the creator (the display name, else the username); it comes from the user row the session
 * lookup already loaded, so naming costs no query.
 */
export function userPrincipal(user: UserRecord): Principal {
  return {
    type: 'user',
    id: Number(user.id),
    role: user.role as 'admin' | 'user',
    name: user.displayName.trim() || user.username,
  };
}
