import {
  createHash,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
} from 'node:crypto';

/**
 * Each service has its own Ed25519 key pair (docs/decisions/023); every service knows the
 * others' public keys, and each pair of services derives the key they share from them (032).
 * A private key is written as the base64 of its PKCS#8 DER form (what `openssl genpkey
 * -algorithm ed25519 -outform DER | base64` prints; PEM is accepted too), a public key as the
 * base64 of its SPKI DER form.
 */
export type PublicKeys = ReadonlyMap<string, KeyObject>;

export interface EncodedKeyPair {
  privateKey: string;
  publicKey: string;
}

export function generateSigningKeyPair(): EncodedKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: encodePublicKey(publicKey),
  };
}

export function encodePublicKey(key: KeyObject): string {
  return key.export({ format: 'der', type: 'spki' }).toString('base64');
}

/** The public half of a private key, encoded. */
export function publicKeyOf(privateKey: KeyObject): string {
  return encodePublicKey(createPublicKey(privateKey));
}

/** Throws when the text is not an Ed25519 private key. */
export function parsePrivateKey(text: string): KeyObject {
  const key = text.includes('-----BEGIN')
    ? createPrivateKey(text)
    : createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
  return key;
}

/**
 * `gateway=<key>,catalog=<key>` (commas or line breaks between entries); throws naming the
 * first entry that is malformed, without echoing key material.
 */
export function parsePublicKeys(text: string): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const separator = entry.indexOf('=');
    const name = entry.slice(0, separator);
    if (separator < 1) throw new Error('each entry must be <service>=<base64 key>');
    if (keys.has(name)) throw new Error(`${name} is listed twice`);
    let key: KeyObject;
    try {
      key = createPublicKey({
        key: Buffer.from(entry.slice(separator + 1), 'base64'),
        format: 'der',
        type: 'spki',
      });
    } catch {
      throw new Error(`the key of ${name} is not a public key`);
    }
    if (key.asymmetricKeyType !== 'ed25519') throw new Error(`the key of ${name} is not Ed25519`);
    keys.set(name, key);
  }
  if (keys.size === 0) throw new Error('no key is listed');
  return keys;
}

export function formatPublicKeys(keys: Readonly<Record<string, string>>): string {
  return Object.entries(keys)
    .map(([name, key]) => `${name}=${key}`)
    .join('\n');
}

/**
 * What a service signs and verifies its internal calls with (docs/decisions/032): for each
 * other service, the key the two of them share. Only `service` and `peer` can compute it.
 */
export interface SigningKey {
  service: string;
  /** The HMAC key this service shares with `peer`; undefined when `peer` is not listed. */
  sharedWith(peer: string): Buffer | undefined;
}

/**
 * The pairwise keys of one service: X25519 of its private key with each listed public key,
 * both converted from the Ed25519 keys the services already have (the conversion libsodium's
 * crypto_sign_ed25519_{sk,pk}_to_curve25519 make), then HKDF-SHA256 over the pair's names.
 * Derived once per peer and kept: an HMAC then costs microseconds where an Ed25519 signature
 * and its verification cost a quarter of a millisecond per call.
 */
export function deriveSigningKey(
  service: string,
  privateKey: KeyObject,
  peers: PublicKeys,
): SigningKey {
  const own = montgomeryPrivate(privateKey);
  const shared = new Map<string, Buffer>();
  return {
    service,
    sharedWith(peer) {
      const known = shared.get(peer);
      if (known) return known;
      const publicKey = peers.get(peer);
      if (!publicKey) return undefined;
      const secret = diffieHellman({ privateKey: own, publicKey: montgomeryPublic(publicKey) });
      const names = [service, peer].sort().join('\n');
      const key = Buffer.from(hkdfSync('sha256', secret, '', `mcs internal calls\n${names}`, 32));
      shared.set(peer, key);
      return key;
    },
  };
}

/** X25519 private key of an Ed25519 one: the low half of SHA-512(seed), RFC 8032 5.1.5. */
function montgomeryPrivate(key: KeyObject): KeyObject {
  const seed = Buffer.from(key.export({ format: 'jwk' }).d ?? '', 'base64url');
  const scalar = createHash('sha512').update(seed).digest().subarray(0, 32);
  // X25519 clamps the scalar itself (RFC 7748 5).
  return createPrivateKey({
    key: Buffer.concat([X25519_PKCS8_PREFIX, scalar]),
    format: 'der',
    type: 'pkcs8',
  });
}

/** X25519 public key of an Ed25519 one: the birational map u = (1 + y) / (1 − y) mod p. */
function montgomeryPublic(key: KeyObject): KeyObject {
  const encoded = Buffer.from(key.export({ format: 'jwk' }).x ?? '', 'base64url');
  // The top bit is the sign of x, not part of y.
  const y = littleEndian(encoded) & ((1n << 255n) - 1n);
  const u = ((1n + y) * power((1n - y + P) % P, P - 2n)) % P;
  return createPublicKey({
    key: Buffer.concat([X25519_SPKI_PREFIX, toLittleEndian(u)]),
    format: 'der',
    type: 'spki',
  });
}

const P = (1n << 255n) - 19n;
const X25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');
const X25519_SPKI_PREFIX = Buffer.from('302a300506032b656e032100', 'hex');

function power(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  for (let b = base % P, e = exponent; e > 0n; e >>= 1n, b = (b * b) % P)
    if (e & 1n) result = (result * b) % P;
  return result;
}

function littleEndian(bytes: Buffer): bigint {
  return bytes.reduceRight((n, byte) => (n << 8n) | BigInt(byte), 0n);
}

function toLittleEndian(n: bigint): Buffer {
  const bytes = Buffer.alloc(32);
  for (let i = 0, rest = n; i < 32; i += 1, rest >>= 8n) bytes[i] = Number(rest & 0xffn);
  return bytes;
}
