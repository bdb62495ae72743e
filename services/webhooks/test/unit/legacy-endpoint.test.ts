import { legacyUrl, planLegacyEndpoint, uniqueName } from '../../src/domain/legacy-endpoint';

const open = { password: null, headers: null, policy: { blockPrivate: false } };

test('the endpoint URL is the template scheme, host and port followed by /; no literal host: none', () => {
  expect(legacyUrl('http://scanner.lan:2875/triggers?path={urlencoded_path}')).toBe(
    'http://scanner.lan:2875/',
  );
  expect(legacyUrl('HTTPS://Hooks.LAN:443')).toBe('https://hooks.lan/');
  expect(legacyUrl('http://bob:pw@hooks.lan/x')).toBe('http://hooks.lan/');
  expect(legacyUrl(' http://[::1]:8123/a ')).toBe('http://[::1]:8123/');
  for (const template of [
    '',
    null,
    '/x',
    'ftp://h.lan/',
    'http://{host}/x',
    'http:///x',
    'h.lan/x',
  ])
    expect(legacyUrl(template)).toBeNull();
});

test('names default, trim, stay within 100 characters and take the next free suffix', () => {
  const taken = new Set<string>();
  expect(uniqueName(null, taken)).toBe('Post-action webhook');
  expect(uniqueName('  ', taken)).toBe('Post-action webhook (2)');
  expect(uniqueName(' Scan ', taken)).toBe('Scan');
  expect(uniqueName('SCAN', taken)).toBe('SCAN (2)');
  const long = 'x'.repeat(120);
  expect(uniqueName(long, taken)).toBe('x'.repeat(100));
  expect(uniqueName(long, taken)).toBe(`${'x'.repeat(96)} (2)`);
});

test('a legacy body template on a GET entry fails validation: migrated disabled without it', () => {
  const plan = planLegacyEndpoint(
    { name: 'G', url_template: 'http://g.lan/', body_template: '{"a":1}' },
    { ...open, taken: new Set() },
  );
  expect(plan).toMatchObject({
    kind: 'endpoint',
    valid: false,
    settings: { enabled: false, method: 'GET', bodyTemplate: null },
  });
});

test('a literal address the guard always refuses is kept, disabled: the guard stops it at send', () => {
  const plan = planLegacyEndpoint(
    { name: 'M', url_template: 'http://169.254.169.254/latest' },
    { ...open, taken: new Set() },
  );
  expect(plan).toMatchObject({
    kind: 'endpoint',
    valid: false,
    settings: { enabled: false, url: 'http://169.254.169.254/' },
  });
});

test('a secret that no key opens is dropped and the entry disabled', () => {
  const plan = planLegacyEndpoint(
    { name: 'S', url_template: 'http://s.lan/', auth_username: 'bob' },
    { ...open, password: undefined, taken: new Set() },
  );
  expect(plan).toMatchObject({
    kind: 'endpoint',
    valid: false,
    settings: { enabled: false, authUsername: null, authPassword: null },
  });
});
