import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';

/**
 * Each service signs its internal calls with its own Ed25519 key (docs/decisions/023); every
 * service knows the others' public keys. A private key is written as the base64 of its PKCS#8
 * DER form (what `openssl genpkey -algorithm ed25519 -outform DER | base64` prints; PEM is
 * accepted too), a public key as the base64 of its SPKI DER form.
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
