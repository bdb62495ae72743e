import { expectMatchesContract } from './contract';
import type { GatewayWorld, Session } from './gateway';

/** One answer of a redirect, as a browser would see it before following it. */
export interface Hop {
  status: number;
  location: string;
  /** Cookies set by the answer, by name ('' when cleared). */
  cookies: Record<string, string>;
  /** The Set-Cookie lines as sent, attributes included. */
  setCookies: string[];
  body: Record<string, unknown>;
}

/** A GET without following redirects; gateway answers are checked against the contract. */
export async function hop(url: string, headers: Record<string, string> = {}): Promise<Hop> {
  const response = await fetch(url, { headers, redirect: 'manual' });
  const text = await response.text();
  const body =
    text && (response.headers.get('content-type') ?? '').includes('json')
      ? (JSON.parse(text) as Record<string, unknown>)
      : {};
  const setCookies = response.headers.getSetCookie();
  const cookies = Object.fromEntries(
    setCookies.map((line) => {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      return [name, value.join('=')];
    }),
  );
  return {
    status: response.status,
    location: response.headers.get('location') ?? '',
    cookies,
    setCookies,
    body,
  };
}

/** The first half of a login: the gateway's redirect to the provider, then the provider's back. */
export async function startLogin(
  world: GatewayWorld,
  options: { returnTo?: string; headers?: Record<string, string> } = {},
): Promise<{ start: Hop; loginCookie: string; callbackUrl: string }> {
  const query =
    options.returnTo === undefined ? '' : `?return_to=${encodeURIComponent(options.returnTo)}`;
  const path = `/api/auth/oidc/login${query}`;
  const start = await hop(`${world.url}${path}`, options.headers);
  await expectMatchesContract(
    'GET',
    path,
    start.status,
    start.status === 302 ? undefined : start.body,
  );
  if (start.status !== 302 || !start.cookies.mcs_oidc)
    return { start, loginCookie: '', callbackUrl: '' };
  const provider = await hop(start.location);
  return { start, loginCookie: start.cookies.mcs_oidc, callbackUrl: provider.location };
}

/** The second half: the browser brings the provider's answer (and its cookie) to the callback. */
export async function callback(
  callbackUrl: string,
  loginCookie: string,
  headers: Record<string, string> = {},
): Promise<Hop> {
  const reply = await hop(callbackUrl, {
    ...(loginCookie ? { cookie: `mcs_oidc=${loginCookie}` } : {}),
    ...headers,
  });
  const url = new URL(callbackUrl);
  await expectMatchesContract(
    'GET',
    url.pathname,
    reply.status,
    reply.status === 302 ? undefined : reply.body,
  );
  return reply;
}

/** A whole login; answers the callback's answer. */
export async function oidcLogin(world: GatewayWorld, returnTo?: string): Promise<Hop> {
  const { start, loginCookie, callbackUrl } = await startLogin(world, { returnTo });
  if (!callbackUrl) throw new Error(`the login did not start: ${start.status} ${start.location}`);
  return callback(callbackUrl, loginCookie);
}

/** The session a successful login set, with its CSRF token from GET /api/auth/me. */
export async function sessionFrom(
  world: GatewayWorld,
  reply: Hop,
): Promise<Session & { me: Record<string, unknown> }> {
  const cookie = reply.cookies.mcs_session;
  if (!cookie) throw new Error(`no session: ${reply.status} ${reply.location}`);
  const me = await world.request('GET', '/api/auth/me', {
    headers: { cookie: `mcs_session=${cookie}` },
  });
  const user = me.body.user as { id: number };
  return { cookie, csrf: me.body.csrf_token as string, userId: user.id, me: me.body };
}

export const FAILED = '/login?error=oidc_failed';
