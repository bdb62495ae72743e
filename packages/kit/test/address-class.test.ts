import { type AddressClass, classifyAddress, classifyHost } from '@mcs/kit';

const expectClass = (kind: AddressClass, addresses: string[]) => {
  for (const address of addresses)
    expect([address, classifyAddress(address)]).toEqual([address, kind]);
};

test('link-local and instance-metadata addresses are metadata, even inside private ranges', () => {
  expectClass('metadata', [
    '169.254.169.254',
    '169.254.0.0',
    '100.100.100.200',
    'fe80::1%eth0',
    'febf::1',
    'fd00:ec2::254',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe',
  ]);
});

test('this-network, multicast, reserved, broadcast and unspecified addresses are reserved', () => {
  expectClass('reserved', [
    '0.0.0.0',
    '0.255.255.255',
    '192.0.0.8',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    'ff02::1',
    'ff00::',
    '::ffff:0.0.0.0',
    '64:ff9b::e000:1',
  ]);
});

test('loopback, RFC 1918, CGNAT, benchmarking and unique-local addresses are private', () => {
  expectClass('private', [
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.20',
    '100.64.0.1',
    '100.127.255.255',
    '198.18.0.1',
    '198.19.255.255',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fd00:ec2::253',
    '100.100.100.201',
    '::ffff:192.168.1.2',
    '::ffff:7f00:1',
  ]);
});

test('addresses next to every range, and anything that is not an IP, are public', () => {
  expectClass('public', [
    '1.1.1.1',
    '169.253.255.255',
    '169.255.0.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.1',
    '192.169.0.1',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '11.0.0.1',
    '2001:db8::1',
    'fec0::1',
    'fe00::1',
    'not-an-ip',
  ]);
});

test('host names: IP spellings as URL parsing leaves them, metadata names, localhost names', () => {
  expect(classifyHost('[fe80::1]')).toBe('metadata');
  expect(classifyHost('169.254.169.254.')).toBe('metadata');
  expect(classifyHost('METADATA.Google.Internal.')).toBe('metadata');
  expect(classifyHost('[::]')).toBe('reserved');
  expect(classifyHost('localhost')).toBe('private');
  expect(classifyHost('Printer.LOCALHOST')).toBe('private');
  expect(classifyHost('[::1]')).toBe('private');
  expect(classifyHost('8.8.8.8')).toBe('public');
  expect(classifyHost('automation.lan')).toBeNull();
  expect(classifyHost('localhost.example.com')).toBeNull();
});

test('an address with 100 000 zone separators and a line break is judged in linear time', () => {
  const started = performance.now();
  expect(classifyAddress(`${'%'.repeat(100_000)}\n`)).toBe('public');
  expect(classifyAddress(`fe80::1${'%'.repeat(100_000)}`)).toBe('metadata');
  expect(performance.now() - started).toBeLessThan(1000);
});
