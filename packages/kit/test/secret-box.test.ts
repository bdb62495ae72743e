import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { SecretBox, UnreadableSecret } from '@mcs/kit';

test('sealed keys open with the same secret only, and never repeat or contain the plaintext', () => {
  const box = new SecretBox(['deployment-secret']);
  const first = box.seal('plain-api-key');
  const second = box.seal('plain-api-key');
  expect(first).not.toBe(second);
  expect(first).not.toContain('plain-api-key');
  expect(box.open(first)).toBe('plain-api-key');
  expect(() => new SecretBox(['another-secret']).open(first)).toThrow(UnreadableSecret);
  const [version, id, iv, tag, data] = first.split('.');
  expect(() => box.open([version, id, iv, tag, `${data}A`].join('.'))).toThrow(UnreadableSecret);
});

describe('versioned keys (ENCRYPTION_KEYS: the current key first, older ones after it)', () => {
  const old = new SecretBox(['old-key-0123456789abcdef0123456789']);
  const rotated = new SecretBox([
    'new-key-0123456789abcdef0123456789',
    'old-key-0123456789abcdef0123456789',
  ]);

  test('a value names its key by an id that reveals nothing of the key', () => {
    const [version, id] = old.seal('v').split('.');
    expect(version).toBe('v2');
    expect(id).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect('old-key-0123456789abcdef0123456789').not.toContain(id);
  });

  test('values sealed with an older key still open; new values are sealed with the current key', () => {
    const sealedOld = old.seal('api-key-1');
    expect(rotated.open(sealedOld)).toBe('api-key-1');
    const sealedNew = rotated.seal('api-key-2');
    expect(sealedNew.split('.')[1]).not.toBe(sealedOld.split('.')[1]);
    expect(() => old.open(sealedNew)).toThrow(UnreadableSecret);
  });

  test('reseal moves a value to the current key, and leaves a current one alone', () => {
    const moved = rotated.reseal(old.seal('api-key-1'));
    expect(moved).not.toBeNull();
    expect(new SecretBox(['new-key-0123456789abcdef0123456789']).open(moved ?? '')).toBe(
      'api-key-1',
    );
    expect(rotated.reseal(moved ?? '')).toBeNull();
    expect(() => new SecretBox(['third-key-0123456789abcdef012345']).reseal(moved ?? '')).toThrow(
      UnreadableSecret,
    );
  });

  test('values stored before key ids existed (v1) open with whichever configured key sealed them', () => {
    const legacy = sealV1('old-key-0123456789abcdef0123456789', 'legacy-secret');
    expect(rotated.open(legacy)).toBe('legacy-secret');
    expect(rotated.reseal(legacy)?.startsWith('v2.')).toBe(true);
    expect(() => new SecretBox(['third-key-0123456789abcdef012345']).open(legacy)).toThrow(
      UnreadableSecret,
    );
  });
});

/** The stored form written before key ids: `v1.<iv>.<tag>.<ciphertext>` under SHA-256(key). */
function sealV1(secret: string, plaintext: string): string {
  const key = createHash('sha256').update(secret, 'utf8').digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}
