import { Invalid, SecretBox } from '@mcs/kit';
import { readRotateSecretInput, readTestEventType } from '../../src/domain/action-input';
import {
  openHeaders,
  openOptional,
  sealHeaders,
  sealOptional,
} from '../../src/domain/endpoint-secrets';

const box = new SecretBox(['deployment-key']);

test('headers are sealed as a whole (names included) and open to the same list', () => {
  const headers = [
    { name: 'X-Api-Key', value: 'k-123' },
    { name: 'X-Empty', value: '' },
  ];
  const sealed = sealHeaders(box, headers) ?? '';
  expect(sealed).not.toMatch(/X-Api-Key|k-123/);
  expect(openHeaders(box, sealed)).toEqual(headers);
  expect(sealHeaders(box, [])).toBeNull();
  expect(openHeaders(box, null)).toEqual([]);
  expect(() => openHeaders(new SecretBox(['another-key']), sealed)).toThrow();
});

test('a password or secret is sealed alone; null stays null', () => {
  const sealed = sealOptional(box, 'pw') ?? '';
  expect(sealed).not.toContain('pw');
  expect(openOptional(box, sealed)).toBe('pw');
  expect(sealOptional(box, null)).toBeNull();
  expect(openOptional(box, null)).toBeNull();
});

test('rotate-secret: grace period 0 … 168 hours, 24 by default', () => {
  expect(readRotateSecretInput(undefined)).toEqual({ graceHours: 24 });
  expect(readRotateSecretInput({ grace_period_hours: 0 })).toEqual({ graceHours: 0 });
  expect(readRotateSecretInput({ grace_period_hours: 168 })).toEqual({ graceHours: 168 });
  for (const grace_period_hours of [-1, 169, 1.5, '24'])
    expect(() => readRotateSecretInput({ grace_period_hours })).toThrow(Invalid);
});

test('a saved-endpoint test uses one of the endpoint’s types, its first by default', () => {
  const types = ['candidate.deleted', 'candidate.moved'] as const;
  expect(readTestEventType(undefined, types)).toBe('candidate.deleted');
  expect(readTestEventType({ event_type: 'candidate.moved' }, types)).toBe('candidate.moved');
  expect(() => readTestEventType({ event_type: 'protection.created' }, types)).toThrow(Invalid);
});
