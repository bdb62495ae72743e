/**
 * Which URLs and addresses we may call out to (integrations now, webhook targets later). The
 * rule is pure; the HTTP client applies `isBlockedAddress` again to every address a host name
 * resolves to, because a name's answer can change after it was checked.
 *
 * Always refused: credentials in the URL (they would be stored and logged as plain text and
 * travel to whatever host the URL names), and link-local or cloud instance-metadata
 * destinations, which hand out cloud credentials to any caller (events-webhooks.md §4.10).
 * Private networks stay allowed: integrations and most webhooks live on the home network.
 */
import { isIP } from 'node:net';

export interface OutboundUrlProblem {
  reason: 'invalid' | 'credentials' | 'blocked_address';
  /** A field message; it never repeats the URL (which may hold a password). */
  message: string;
}

/** Link-local 169.254.0.0/16 (AWS, Azure, GCP metadata) and Alibaba's 100.100.100.200. */
const BLOCKED_V4: readonly (readonly [string, number])[] = [
  ['169.254.0.0', 16],
  ['100.100.100.200', 32],
];
/** AWS's IPv6 instance-metadata address, fd00:ec2::254. */
const AWS_IPV6_METADATA = [0xfd00, 0x0ec2, 0, 0, 0, 0, 0, 0x0254];
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.goog']);

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
  const host = hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  return isIP(host) === 0 ? METADATA_HOSTS.has(host) : isBlockedAddress(host);
}

/** An IP address (as a resolver returns it) in a link-local or metadata range. */
export function isBlockedAddress(address: string): boolean {
  const ip = address.replace(/%.*$/, '');
  switch (isIP(ip)) {
    case 4:
      return isBlockedV4(ipv4Value(ip));
    case 6:
      return isBlockedV6(ipv6Words(ip));
    default:
      return false;
  }
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

function isBlockedV4(value: number): boolean {
  return BLOCKED_V4.some(
    ([network, bits]) => value >>> (32 - bits) === ipv4Value(network) >>> (32 - bits),
  );
}

function isBlockedV6(words: number[]): boolean {
  const embedded = embeddedIpv4(words);
  if (embedded !== null) return isBlockedV4(embedded);
  const [first = 0] = words;
  return (first & 0xffc0) === 0xfe80 || startsWith(words, AWS_IPV6_METADATA);
}

/**
 * The IPv4 address an IPv6 one stands for: IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96)
 * and the deprecated IPv4-compatible ::/96 (except :: and ::1), so no spelling dodges the rule.
 */
function embeddedIpv4(words: number[]): number | null {
  const value = (((words[6] ?? 0) << 16) | (words[7] ?? 0)) >>> 0;
  if (startsWith(words, [0, 0, 0, 0, 0, 0xffff]) || startsWith(words, [0x64, 0xff9b, 0, 0, 0, 0]))
    return value;
  return startsWith(words, [0, 0, 0, 0, 0, 0]) && value > 1 ? value : null;
}

function startsWith(words: number[], prefix: readonly number[]): boolean {
  return prefix.every((word, index) => words[index] === word);
}

/** Dotted decimal (already validated by isIP) as an unsigned 32-bit number. */
function ipv4Value(ip: string): number {
  return ip.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

/** A valid IPv6 text (isIP checked it) as eight 16-bit words, a dotted IPv4 tail included. */
function ipv6Words(ip: string): number[] {
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  const v4 = dotted ? ipv4Value(dotted[2] ?? '') : 0;
  const text = dotted
    ? `${dotted[1]}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`
    : ip;
  const [head = '', tail] = text.split('::');
  const words = (part: string) => (part === '' ? [] : part.split(':').map((w) => parseInt(w, 16)));
  const front = words(head);
  const back = tail === undefined ? [] : words(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}
