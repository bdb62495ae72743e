import createClient, { type Middleware } from 'openapi-fetch';
import createQueryHooks from 'openapi-react-query';
import type { components, paths } from '@contracts/internal';

/** The contract's schemas: every shape the UI reads or sends comes from here. */
export type Schemas = components['schemas'];

/**
 * The path the gateway serves the UI under ('' or PUBLIC_BASE_PATH): it writes it into
 * index.html as <base href>, so API calls and router links follow it.
 */
export const basePath = new URL(document.baseURI).pathname.replace(/\/$/, '');

let csrfToken: string | null = null;

/** Login, setup and /api/auth/me hand out the session's CSRF token; writes carry it. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

const csrf: Middleware = {
  onRequest({ request }) {
    if (!SAFE.has(request.method) && csrfToken) request.headers.set('X-CSRF-Token', csrfToken);
    return request;
  },
};

/** Typed fetch client over internal.yaml; same origin, the session cookie rides along. */
export const client = createClient<paths>({ baseUrl: basePath, credentials: 'same-origin' });
client.use(csrf);

/** TanStack Query hooks keyed by method, path and parameters (openapi-react-query). */
export const api = createQueryHooks(client);
