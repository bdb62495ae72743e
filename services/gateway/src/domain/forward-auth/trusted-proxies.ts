import { BlockList, isIP } from 'node:net';

/**
 * The peers whose forward-auth headers are believed (FORWARD_AUTH_TRUSTED_PROXIES): IPv4 and
 * IPv6 addresses and CIDRs, comma or space separated. Its own list, not TRUST_PROXY's: that one
 * decides whose X-Forwarded-For is read, this one who may say who the user is, and it is only
 * ever checked against the TCP peer, never against a forwarded address a client can write.
 *
 * Node's BlockList does the matching; it also matches an IPv4-mapped IPv6 peer
 * (::ffff:10.0.0.5, what a dual-stack socket reports) against IPv4 ranges and the reverse.
 */
export class TrustedProxies {
  private constructor(
    private readonly list: BlockList,
    /** The entries as given, for the start-up log line. */
    readonly entries: readonly string[],
  ) {}

  /** The list, or the entries that are not an address or CIDR (empty text → no entries). */
  static parse(text: string): TrustedProxies | { invalid: string[] } {
    const entries = text
      .split(/[\s,]+/)
      .map((entry) => entry.trim())
      .filter(Boolean);
    const list = new BlockList();
    const invalid = entries.filter((entry) => !addEntry(list, entry));
    return invalid.length > 0 ? { invalid } : new TrustedProxies(list, entries);
  }

  /** Whether a socket's remote address is on the list (false when the socket has none). */
  includes(peer: string | undefined): boolean {
    if (peer === undefined) return false;
    const family = isIP(peer);
    if (family === 0) return false;
    return this.list.check(peer, family === 4 ? 'ipv4' : 'ipv6');
  }
}

/** Adds `address` or `address/prefix`; false when the entry is neither. */
function addEntry(list: BlockList, entry: string): boolean {
  const slash = entry.indexOf('/');
  const address = slash < 0 ? entry : entry.slice(0, slash);
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (slash < 0) {
    list.addAddress(address, type);
    return true;
  }
  const prefix = prefixLength(entry.slice(slash + 1), family === 4 ? 32 : 128);
  if (prefix === undefined) return false;
  list.addSubnet(address, prefix, type);
  return true;
}

/** A decimal prefix length within 0…max, written plainly (no sign, spaces or leading zeros). */
function prefixLength(text: string, max: number): number | undefined {
  const value = Number(text);
  return Number.isInteger(value) && String(value) === text && value >= 0 && value <= max
    ? value
    : undefined;
}
