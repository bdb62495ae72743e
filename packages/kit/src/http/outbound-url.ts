/**
 * Which URLs and addresses we may call out to (integrations now, webhook targets later). The
 * rule is pure; the HTTP client applies `isBlockedAddress` again to every address a host name
 * resolves to, because a name's answer can change after it was checked.
 *
 * Always refused: credentials in the URL (they would be stored and logged as plain text and
 * travel to whatever host the URL names), and link-local or cloud instance-metadata
 * destinations, which hand out cloud credentials to any caller (events-webhooks.md §4.10).
 * Private networks stay allowed: integrations and most webhooks live on the home network.
 * The address ranges themselves live in address-class.ts, shared with the webhook guard.
 */
import { classifyAddress, classifyHost } from './address-class';

export interface OutboundUrlProblem {
  reason: 'invalid' | 'credentials' | 'blocked_address';
  /** A field message; it never repeats the URL (which may hold a password). */
  message: string;
}

/** Why `url` may not be called, or null when it may. */
export function outboundUrlProblem(url: string | URL): OutboundUrlProblem | null {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return { reason: 'invalid', message: 'Must be an http or https URL.' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { reason: 'invalid', message: 'Must be an http or https URL.' };
  if (parsed.username !== '' || parsed.password !== '')
    return {
      reason: 'credentials',
      message: 'Must not contain a user name or password; use the API key field instead.',
    };
  if (isBlockedHost(parsed.hostname))
    return {
      reason: 'blocked_address',
      message: 'Must not point to a link-local or cloud metadata address.',
    };
  return null;
}

/**
 * A URL's host as WHATWG URL normalised it (IPv4 in dotted decimal whatever the spelling,
 * IPv6 in brackets): blocked addresses and the well-known metadata host names.
 */
export function isBlockedHost(hostname: string): boolean {
  return classifyHost(hostname) === 'metadata';
}

/** An IP address (as a resolver returns it) in a link-local or metadata range. */
export function isBlockedAddress(address: string): boolean {
  return classifyAddress(address) === 'metadata';
}

/** Same scheme, host and port; default ports count as written (http://x ≡ http://x:80). */
export function sameOrigin(a: string | URL, b: string | URL): boolean {
  try {
    const origin = new URL(a).origin;
    return origin !== 'null' && origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/**
 * Which of the stored secrets an update would keep (`kept`, field names) must be entered again:
 * a stored secret belongs to the origin it was entered for and never follows the URL to another
 * one (decision 009); a new path on the same origin keeps it.
 */
export function secretsToEnterAgain<Field extends string>(
  storedUrl: string | URL,
  nextUrl: string | URL,
  kept: readonly Field[],
): Field[] {
  return sameOrigin(storedUrl, nextUrl) ? [] : [...kept];
}
