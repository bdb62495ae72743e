import { GATEWAY_ENV } from '../support/gateway';
import { loadConfig } from '../../src/config';
import { groupList, isValidUsername, wantedRole } from '../../src/domain/forward-auth/identity';
import { TrustedProxies } from '../../src/domain/forward-auth/trusted-proxies';
import { OncePerMinute } from '../../src/forward-auth/once-per-minute';

/**
 * Forward-auth's pure parts (issue 28 point 4): the trusted-proxy list, the username and group
 * rules, and the FORWARD_AUTH_* configuration as the process loads it.
 */

function proxies(text: string): TrustedProxies {
  const parsed = TrustedProxies.parse(text);
  if (!(parsed instanceof TrustedProxies)) throw new Error(`refused: ${parsed.invalid.join()}`);
  return parsed;
}

describe('FORWARD_AUTH_TRUSTED_PROXIES', () => {
  test('IPv4 addresses and CIDRs match the peers inside them only', () => {
    const list = proxies('172.18.0.5, 10.0.0.0/8');
    expect(list.includes('172.18.0.5')).toBe(true);
    expect(list.includes('10.200.3.4')).toBe(true);
    expect(list.includes('172.18.0.6')).toBe(false);
    expect(list.includes('11.0.0.1')).toBe(false);
    expect(list.includes('::1')).toBe(false);
  });

  test('IPv6 addresses and CIDRs match however the peer address is spelled', () => {
    const list = proxies('::1 fd00::/8');
    expect(list.includes('::1')).toBe(true);
    expect(list.includes('0:0:0:0:0:0:0:1')).toBe(true);
    expect(list.includes('fd12:3456::9')).toBe(true);
    expect(list.includes('fe80::1')).toBe(false);
    expect(list.includes('127.0.0.1')).toBe(false);
  });

  test('an IPv4-mapped IPv6 peer (a dual-stack socket) matches the IPv4 entries', () => {
    const list = proxies('127.0.0.1,192.168.1.0/24');
    expect(list.includes('::ffff:127.0.0.1')).toBe(true);
    expect(list.includes('::ffff:192.168.1.77')).toBe(true);
    expect(list.includes('::ffff:192.168.2.1')).toBe(false);
  });

  test('a missing or unreadable peer address is never trusted', () => {
    const list = proxies('0.0.0.0/0, ::/0');
    expect(list.includes(undefined)).toBe(false);
    expect(list.includes('')).toBe(false);
    expect(list.includes('not-an-address')).toBe(false);
  });

  test('entries that are not an address or CIDR are named, and the list is refused', () => {
    const bad = [
      '10.0.0.0/33',
      '::/129',
      '10.0.0',
      'proxy.local',
      'loopback',
      '10.0.0.0/',
      '10.0.0.0/08',
      '10.0.0.0/+8',
      '10.0.0.0/8/8',
      '10.0.0.0/1e1',
      '/8',
    ];
    for (const entry of bad)
      expect(TrustedProxies.parse(`127.0.0.1, ${entry}`)).toEqual({ invalid: [entry] });
  });

  test('empty text gives an empty list that trusts nobody', () => {
    const list = proxies(' , ');
    expect(list.entries).toEqual([]);
    expect(list.includes('127.0.0.1')).toBe(false);
  });
});

describe('identity rules', () => {
  test('usernames follow the setup rule: 3 to 64 of letters, digits and ._@-', () => {
    for (const name of ['bob', 'alice.smith@example.org', 'a-b_c', 'x'.repeat(64)])
      expect(isValidUsername(name)).toBe(true);
    for (const name of ['ab', 'x'.repeat(65), 'alice smith', 'bob,eve', 'bøb', 'a/b', ''])
      expect(isValidUsername(name)).toBe(false);
  });

  test('group headers are split on commas and spaces', () => {
    expect(groupList('family, mcs-admins  media')).toEqual(['family', 'mcs-admins', 'media']);
    expect(groupList('')).toEqual([]);
    expect(groupList(undefined)).toEqual([]);
  });

  test('the role follows the groups only when admin groups are named and groups were sent', () => {
    expect(wantedRole('user', ['mcs-admins'], ['mcs-admins'])).toBe('admin');
    expect(wantedRole('admin', ['family'], ['mcs-admins'])).toBe('user');
    expect(wantedRole('admin', [], ['mcs-admins'])).toBe('user');
    expect(wantedRole('admin', undefined, ['mcs-admins'])).toBe('admin');
    expect(wantedRole('admin', ['family'], [])).toBe('admin');
    expect(wantedRole('user', ['MCS-ADMINS'], ['mcs-admins'])).toBe('user');
  });

  test('a log key is taken once a minute, and again after it', () => {
    let now = 0;
    const once = new OncePerMinute(() => new Date(now), 2);
    expect(once.take('10.0.0.1')).toBe(true);
    expect(once.take('10.0.0.1')).toBe(false);
    expect(once.take('10.0.0.2')).toBe(true);
    now = 59_999;
    expect(once.take('10.0.0.1')).toBe(false);
    now = 60_000;
    expect(once.take('10.0.0.1')).toBe(true);
    // Past maxKeys the oldest key is forgotten (and may log again).
    expect(once.take('10.0.0.3')).toBe(true);
    expect(once.take('10.0.0.2')).toBe(true);
  });
});

describe('FORWARD_AUTH_* configuration', () => {
  /** loadConfig as the process sees it: stderr text and exit code, or the config. */
  function load(env: Record<string, string>) {
    const exit = jest.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      return { config: loadConfig({ ...GATEWAY_ENV, ...env }), error: '' };
    } catch (error) {
      return {
        config: undefined,
        error: `${(error as Error).message}: ${stderr.mock.calls.join('')}`,
      };
    } finally {
      exit.mockRestore();
      stderr.mockRestore();
    }
  }

  test('off by default', () => {
    expect(load({}).config?.forwardAuth).toBeNull();
    // The other variables alone turn nothing on.
    expect(load({ FORWARD_AUTH_TRUSTED_PROXIES: '10.0.0.0/8' }).config?.forwardAuth).toBeNull();
  });

  test('a user header without trusted proxies stops the start, naming the missing variable', () => {
    for (const proxies of [{}, { FORWARD_AUTH_TRUSTED_PROXIES: ' ' }] as Record<string, string>[]) {
      const { error } = load({ FORWARD_AUTH_USER_HEADER: 'Remote-User', ...proxies });
      expect(error).toMatch(/^exit 78: /);
      expect(error).toMatch(
        /FORWARD_AUTH_TRUSTED_PROXIES is required when FORWARD_AUTH_USER_HEADER/,
      );
    }
  });

  test('a bad proxy entry or header name stops the start without echoing the value', () => {
    const { error } = load({
      FORWARD_AUTH_USER_HEADER: 'Remote User',
      FORWARD_AUTH_TRUSTED_PROXIES: '10.0.0.0/8, secret-host',
    });
    expect(error).toMatch(/^exit 78: /);
    expect(error).toMatch(/FORWARD_AUTH_USER_HEADER is not valid/);
    expect(error).toMatch(/FORWARD_AUTH_TRUSTED_PROXIES is not valid/);
    expect(error).not.toContain('secret-host');
  });

  test('a full configuration is read into one object', () => {
    const { config } = load({
      FORWARD_AUTH_USER_HEADER: 'Remote-User',
      FORWARD_AUTH_GROUPS_HEADER: 'Remote-Groups',
      FORWARD_AUTH_TRUSTED_PROXIES: '172.18.0.0/16, fd00::/8',
      FORWARD_AUTH_ADMIN_GROUPS: 'mcs-admins, admins',
      FORWARD_AUTH_AUTO_CREATE: 'true',
    });
    expect(config?.forwardAuth).toMatchObject({
      userHeader: 'remote-user',
      groupsHeader: 'remote-groups',
      adminGroups: ['mcs-admins', 'admins'],
      autoCreate: true,
    });
    expect(config?.forwardAuth?.trustedProxies.includes('172.18.3.4')).toBe(true);
    expect(config?.forwardAuth?.trustedProxies.includes('127.0.0.1')).toBe(false);
  });
});
