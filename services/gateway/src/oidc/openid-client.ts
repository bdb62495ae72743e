/**
 * openid-client 6 ships as ES modules only, and the gateway is built to CommonJS. It is
 * loaded with a dynamic import(), which the build keeps as a real import() (.swcrc
 * `ignoreDynamic`) and which works from CommonJS on every Node version; jest compiles the
 * package to CommonJS instead (jest.config.js). Loaded once, at the first OIDC use, so a
 * gateway without single sign-on never loads it.
 */
// Types only, resolved as the import() below resolves the module (its ESM entry).
import type * as OpenId from 'openid-client' with { 'resolution-mode': 'import' };

export type OpenIdClient = typeof OpenId;
export type Configuration = OpenId.Configuration;
export type ClientAuth = OpenId.ClientAuth;

let loaded: Promise<OpenIdClient> | undefined;

export function openIdClient(): Promise<OpenIdClient> {
  loaded ??= import('openid-client');
  return loaded;
}
