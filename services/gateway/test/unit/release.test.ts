import { isNewer, parseRelease } from '../../src/updates/release';

test('a releases/latest document gives its version without the v and its notes URL when http(s)', () => {
  expect(parseRelease({ tag_name: 'v1.4.2', html_url: 'https://h.test/r/1.4.2' })).toEqual({
    version: '1.4.2',
    url: 'https://h.test/r/1.4.2',
  });
  expect(parseRelease({ tag_name: '2.0.0-rc.1', html_url: 'javascript:alert(1)' })).toEqual({
    version: '2.0.0-rc.1',
    url: null,
  });
  for (const document of [null, 'v1.0.0', {}, { tag_name: 'latest' }, { tag_name: 7 }])
    expect(parseRelease(document)).toBeNull();
});

test('versions compare by semantic version precedence', () => {
  expect(isNewer('1.10.0', '1.9.9')).toBe(true);
  expect(isNewer('1.9.9', '1.10.0')).toBe(false);
  expect(isNewer('1.0.0', '1.0.0')).toBe(false);
  expect(isNewer('1.0.0', '1.0.0-rc.2')).toBe(true);
  expect(isNewer('1.0.0-rc.10', '1.0.0-rc.2')).toBe(true);
  expect(isNewer('1.0.0-rc.1', '1.0.0')).toBe(false);
  expect(isNewer('v2.0.0', '1.0.0')).toBe(true);
  expect(isNewer('next', '1.0.0')).toBeNull();
});
