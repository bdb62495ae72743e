import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** A stored value that none of the configured keys opens (ENCRYPTION_KEYS changed). */
export class UnreadableSecret extends Error {
  constructor() {
    super('A stored secret does not open with any of the configured ENCRYPTION_KEYS.');
    this.name = 'UnreadableSecret';
  }
}

interface Key {
  id: string;
  bytes: Buffer;
}

/**
 * AES-256-GCM for credentials at rest (catalog's service API keys, webhook endpoint secrets and
 * headers); one implementation so every service reads the same stored form.
 *
 * Keys are versioned (docs/decisions/023): the deployment's ENCRYPTION_KEYS lists the current
 * key first and may keep older ones after it, so a key can be replaced without losing what it
 * sealed. A value is `v2.<key id>.<iv>.<tag>.<ciphertext>`: the key id (a digest of the key,
 * never the key) says which key opens it, and `reseal` moves a value to the current key. Values
 * sealed before key ids existed (`v1.<iv>.<tag>.<ciphertext>`) are tried with each key. A
 * random 96-bit IV per value means equal secrets never look equal, and the tag makes a tampered
 * value fail to open instead of decrypting to garbage.
 */
export class SecretBox {
  private readonly keys: Key[];

  /** `secrets`: the current key first, then older ones (any length; hashed to 256 bits). */
  constructor(secrets: readonly string[]) {
    if (secrets.length === 0) throw new Error('SecretBox needs at least one key.');
    this.keys = secrets.map((secret) => ({
      id: keyId(secret),
      bytes: createHash('sha256').update(secret, 'utf8').digest(),
    }));
  }

  private get current(): Key {
    return this.keys[0] as Key;
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.bytes, iv);
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v2', this.current.id, ...[iv, cipher.getAuthTag(), data].map(encode)].join('.');
  }

  /** Throws UnreadableSecret when no configured key opens the value. */
  open(sealed: string): string {
    const parts = sealed.split('.');
    if (parts[0] === 'v2' && parts.length === 5) {
      const key = this.keys.find((candidate) => candidate.id === parts[1]);
      const opened = key && decrypt(key, parts.slice(2));
      if (opened === undefined) throw new UnreadableSecret();
      return opened;
    }
    if (parts[0] === 'v1' && parts.length === 4) {
      for (const key of this.keys) {
        const opened = decrypt(key, parts.slice(1));
        if (opened !== undefined) return opened;
      }
    }
    throw new UnreadableSecret();
  }

  /** The value sealed with the current key, or null when it already is. */
  reseal(sealed: string): string | null {
    if (sealed.startsWith(`v2.${this.current.id}.`)) return null;
    return this.seal(this.open(sealed));
  }
}

/** 8 bytes of a domain-separated digest: names a key without revealing anything about it. */
function keyId(secret: string): string {
  return createHash('sha256')
    .update(`mcs-secret-box-key-id\n${secret}`)
    .digest('base64url')
    .slice(0, 11);
}

function decrypt(key: Key, [iv, tag, data]: string[]): string | undefined {
  if (iv === undefined || tag === undefined || data === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}

function encode(part: Buffer): string {
  return part.toString('base64url');
}
