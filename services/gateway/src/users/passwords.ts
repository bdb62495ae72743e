import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { Counter, type Registry } from 'prom-client';
import { ServiceUnavailable, WorkSlots } from '@mcs/kit';

/**
 * scrypt with N = 2^17, r = 8, p = 1 and a random salt per password (internal-api.md 1.2).
 * The parameters are stored with the hash, so they can be raised later without breaking
 * existing passwords.
 */
const N_LOG2 = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/**
 * A hash takes most of a second, so a caller waits behind at most about two seconds of work
 * (4 hashes per slot) before it is told to come back: longer than that, a login is better off
 * retrying than hanging, and the queue stays small however many requests arrive.
 */
const QUEUE_PER_SLOT = 4;
const MAX_WAIT_MS = 2000;

/**
 * Every password hash and check of the process (login, setup, password change, users created
 * or reset by an administrator, the operator CLI) goes through here, and through one set of
 * slots: each scrypt holds a thread of libuv's pool and 128 MiB for most of a second, so
 * without a bound a flood of them would take every thread from logins, DNS lookups and file
 * reads. Past the slots and their short queue: 503 server_busy with Retry-After. 503, not 429:
 * the server as a whole is saturated, not this client over its own limit (those limits are
 * PasswordAttempts' 429s, checked before any hash).
 */
export class Passwords {
  private readonly work: WorkSlots;
  private readonly hashes: Counter<'outcome'>;
  /**
   * Checked instead when the user does not exist, so an unknown user costs the same as a wrong
   * password (no user enumeration by timing). A random key: no password matches it.
   */
  private readonly decoy = format(randomBytes(SALT_LENGTH), randomBytes(KEY_LENGTH));

  constructor(options: { slots: number; registry?: Registry }) {
    this.hashes = new Counter({
      name: 'gateway_password_hashes_total',
      help: 'Password hashes computed, and refused because every hashing slot was taken',
      labelNames: ['outcome'],
      registers: options.registry ? [options.registry] : [],
    });
    this.work = new WorkSlots(
      { slots: options.slots, queue: options.slots * QUEUE_PER_SLOT, maxWaitMs: MAX_WAIT_MS },
      () => {
        this.hashes.inc({ outcome: 'refused' });
        return new ServiceUnavailable(
          'server_busy',
          'The server is busy checking other passwords; try again in a moment.',
          1,
        );
      },
    );
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    return format(salt, await this.derive(password, salt, N_LOG2, R, P));
  }

  /** Whether `password` matches `stored`; with no stored hash, a check of the decoy (false). */
  async verify(password: string, stored: string | null | undefined): Promise<boolean> {
    const [scheme, nLog2, r, p, salt, key] = (stored ?? this.decoy).split('$');
    if (scheme !== 'scrypt' || !salt || !key) return false;
    const expected = Buffer.from(key, 'base64');
    const actual = await this.derive(
      password,
      Buffer.from(salt, 'base64'),
      Number(nLog2),
      Number(r),
      Number(p),
    );
    return (
      Boolean(stored) && actual.length === expected.length && timingSafeEqual(actual, expected)
    );
  }

  private derive(
    password: string,
    salt: Buffer,
    nLog2: number,
    r: number,
    p: number,
  ): Promise<Buffer> {
    const options: ScryptOptions = { N: 2 ** nLog2, r, p, maxmem: 256 * 1024 * 1024 };
    return this.work.run(() => {
      this.hashes.inc({ outcome: 'computed' });
      return new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      );
    });
  }
}

function format(salt: Buffer, key: Buffer): string {
  return `scrypt$${N_LOG2}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}
