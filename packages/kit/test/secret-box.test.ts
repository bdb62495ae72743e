import { SecretBox } from '@mcs/kit';

test('sealed keys open with the same secret only, and never repeat or contain the plaintext', () => {
  const box = new SecretBox('deployment-secret');
  const first = box.seal('plain-api-key');
  const second = box.seal('plain-api-key');
  expect(first).not.toBe(second);
  expect(first).not.toContain('plain-api-key');
  expect(box.open(first)).toBe('plain-api-key');
  expect(() => new SecretBox('another-secret').open(first)).toThrow();
  const [version, iv, tag, data] = first.split('.');
  expect(() => box.open([version, iv, tag, `${data}A`].join('.'))).toThrow();
});
