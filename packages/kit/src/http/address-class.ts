/**
 * The one classification of outbound destinations (decision 009). Callers choose their policy
 * on top of it: integrations refuse only `metadata`; webhooks (events-webhooks.md §4.10) also
 * refuse `reserved` always and `private` when the administrator asks for it.
 *
 * - `metadata`: link-local and cloud instance-metadata destinations, which hand out cloud
 *   credentials to any local caller.
 * - `reserved`: addresses no receiver can legitimately live on (this-network, IETF protocol
 *   assignments, multicast, reserved, broadcast, the unspecified and multicast IPv6 ranges).
 * - `private`: loopback, RFC 1918, carrier-grade NAT, benchmarking and unique-local ranges,
 *   and `localhost` names: where most home installations run their receivers.
 * - `public`: everything else.
 */
import { isIP } from 'node:net';

export type AddressClass = 'metadata' | 'reserved' | 'private' | 'public';

type Range = readonly [network: string, bits: number];

// Checked in this order: the metadata addresses sit inside private ranges (100.100.100.200 in
// 100.64.0.0/10, fd00:ec2::254 in fc00::/7) and must win.
const V4_RANGES: readonly (readonly [AddressClass, readonly Range[]])[] = [
  [
    'metadata',
    [
      ['169.254.0.0', 16],
      ['100.100.100.200', 32],
    ],
  ],
  [
    'reserved',
    [
      ['0.0.0.0', 8],
      ['192.0.0.0', 24],
      ['224.0.0.0', 4],
      ['240.0.0.0', 4],
    ],
  ],
  [
    'private',
    [
      ['127.0.0.0', 8],
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
      ['100.64.0.0', 10],
      ['198.18.0.0', 15],
    ],
  ],
];

/** AWS's IPv6 instance-metadata address, fd00:ec2::254. */
const AWS_IPV6_METADATA = [0xfd00, 0x0ec2, 0, 0, 0, 0, 0, 0x0254];
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.goog']);

/** An IP address as a resolver returns it (an IPv6 zone suffix is ignored); `public` for non-IPs. */
export function classifyAddress(address: string): AddressClass {
  // indexOf, not /%.*$/, which is quadratic in a run of `%`.
  const zone = address.indexOf('%');
  const ip = zone < 0 ? address : address.slice(0, zone);
  switch (isIP(ip)) {
    case 4:
      return classifyV4(ipv4Value(ip));
    case 6:
      return classifyV6(ipv6Words(ip));
    default:
      return 'public';
  }
}

/**
 * A URL's host as WHATWG URL normalised it (IPv4 in dotted decimal whatever the spelling, IPv6
 * in brackets, a trailing dot allowed). Null for an ordinary host name: only the addresses it
 * resolves to can be judged.
 */
export function classifyHost(hostname: string): AddressClass | null {
  const host = hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  if (isIP(host) !== 0) return classifyAddress(host);
  if (METADATA_HOSTS.has(host)) return 'metadata';
  // RFC 6761: resolvers answer localhost names with loopback, so they are private by name.
  if (host === 'localhost' || host.endsWith('.localhost')) return 'private';
  return null;
}

function classifyV4(value: number): AddressClass {
  for (const [kind, ranges] of V4_RANGES)
    if (ranges.some(([network, bits]) => inRange(value, ipv4Value(network), bits))) return kind;
  return 'public';
}

function classifyV6(words: number[]): AddressClass {
  const embedded = embeddedIpv4(words);
  if (embedded !== null) return classifyV4(embedded);
  const [first = 0] = words;
  if ((first & 0xffc0) === 0xfe80 || startsWith(words, AWS_IPV6_METADATA)) return 'metadata';
  if (words.every((word) => word === 0) || (first & 0xff00) === 0xff00) return 'reserved';
  if (startsWith(words, [0, 0, 0, 0, 0, 0, 0, 1]) || (first & 0xfe00) === 0xfc00) return 'private';
  return 'public';
}

function inRange(value: number, network: number, bits: number): boolean {
  return bits === 0 || value >>> (32 - bits) === network >>> (32 - bits);
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
