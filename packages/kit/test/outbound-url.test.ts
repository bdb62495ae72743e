import { isBlockedAddress, outboundUrlProblem, sameOrigin, secretsToEnterAgain } from '@mcs/kit';

const reasonOf = (url: string) => outboundUrlProblem(url)?.reason ?? 'ok';

test('home-network, loopback and public http(s) URLs are acceptable', () => {
  for (const url of [
    'http://radarr.lan:7878/',
    'https://jellyfin.example.com/jf',
    'http://192.168.1.20:8096',
    'http://10.0.0.5',
    'http://127.0.0.1:32400',
    'http://localhost:8989/sonarr',
    'http://[::1]:8096/',
    'http://[fd00::5]/',
    'http://100.100.100.201/',
    'http://169.253.255.255/',
    'http://169.255.0.1/',
    'http://[fec0::1]/',
    'http://[fd00:ec2::253]/',
    'http://metadata.google.internal.example/',
  ])
    expect([url, reasonOf(url)]).toEqual([url, 'ok']);
});

test('a user name or password in the URL is refused, and the message does not repeat it', () => {
  for (const url of [
    'http://alice:hunter2@radarr.lan/',
    'https://alice@radarr.lan/',
    'http://:hunter2@radarr.lan:7878/',
  ]) {
    expect([url, reasonOf(url)]).toEqual([url, 'credentials']);
    expect(outboundUrlProblem(url)?.message).not.toMatch(/alice|hunter2/);
  }
});

test('anything but an absolute http(s) URL is refused', () => {
  for (const url of ['radarr.lan:7878', 'ftp://radarr.lan/', 'file:///etc/passwd', 'http://'])
    expect([url, reasonOf(url)]).toEqual([url, 'invalid']);
});

test('link-local and metadata addresses are refused in every spelling URL parsing normalises', () => {
  for (const url of [
    'http://169.254.169.254/latest/meta-data/',
    'http://169.254.0.1:7878/',
    'http://2852039166/',
    'http://0xa9fea9fe/',
    'http://0xa9.0xfe.0xa9.0xfe/',
    'http://0251.0376.0251.0376/',
    'http://169.254.43518/',
    'http://169.254.169.254./',
    'http://100.100.100.200/',
    'http://[fe80::1]:8096/',
    'http://[febf:ffff::1]/',
    'http://[FD00:EC2:0::254]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[0:0:0:0:0:ffff:a9fe:1]/',
    'http://[64:ff9b::169.254.169.254]/',
    'http://[::169.254.169.254]/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://METADATA.Google.Internal./',
  ])
    expect([url, reasonOf(url)]).toEqual([url, 'blocked_address']);
});

test('resolved addresses are judged the same way, IPv4-mapped and scoped forms included', () => {
  for (const address of [
    '169.254.169.254',
    '169.254.255.255',
    'fe80::1',
    'fe80::1%eth0',
    'fd00:ec2::254',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
  ])
    expect([address, isBlockedAddress(address)]).toEqual([address, true]);
  for (const address of ['127.0.0.1', '192.168.1.2', '::1', '::', 'fd00::1', '::ffff:192.168.1.2'])
    expect([address, isBlockedAddress(address)]).toEqual([address, false]);
});

test('two URLs share an origin when scheme, host and port match, default ports included', () => {
  expect(sameOrigin('http://radarr.lan/a', 'http://radarr.lan:80/b')).toBe(true);
  expect(sameOrigin('https://Radarr.LAN', 'https://radarr.lan:443/x')).toBe(true);
  expect(sameOrigin('http://radarr.lan', 'https://radarr.lan')).toBe(false);
  expect(sameOrigin('http://radarr.lan', 'http://radarr.lan:8080')).toBe(false);
  expect(sameOrigin('http://radarr.lan', 'http://sonarr.lan')).toBe(false);
  expect(sameOrigin('http://radarr.lan', 'not a url')).toBe(false);
});

test('stored secrets a request keeps must be entered again only when the origin changes', () => {
  const kept = ['headers[0].value', 'auth_password'];
  expect(secretsToEnterAgain('http://hooks.lan/a', 'http://hooks.lan:80/b', kept)).toEqual([]);
  for (const next of ['https://hooks.lan/a', 'http://hooks.lan:8080/a', 'http://evil.lan/a'])
    expect([next, secretsToEnterAgain('http://hooks.lan/a', next, kept)]).toEqual([next, kept]);
  expect(secretsToEnterAgain('http://hooks.lan/a', 'http://evil.lan/a', [])).toEqual([]);
  expect(secretsToEnterAgain('http://hooks.lan/a', 'not a url', ['api_key'])).toEqual(['api_key']);
});
