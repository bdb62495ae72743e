import { randomBytes } from 'node:crypto';
import type { Runtime } from '@mcs/kit';

/** What the callback needs from the login it finishes; kept server-side only. */
export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The redirect URI sent to the provider: the token request must repeat it exactly. */
  redirectUri: string;
  returnTo: string;
}

/** How long a started login may take at the provider (internal-api.md 2: about 10 minutes). */
export const PENDING_LOGIN_SECONDS = 600;

/**
 * Started OIDC logins in Redis, shared by every replica (the callback may reach another one),
 * each under a random id that only the browser's short-lived cookie holds. Taking one deletes
 * it in the same command (GETDEL), so a login is finished at most once, whichever replica and
 * however many times the callback URL is replayed.
 */
export class PendingLoginStore {
  constructor(
    private readonly redis: Runtime['redis'],
    private readonly prefix: string,
  ) {}

  /** Stores a login; answers the id for the browser's cookie. */
  async put(login: PendingLogin): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    await this.redis.set(this.key(id), JSON.stringify(login), 'EX', PENDING_LOGIN_SECONDS);
    return id;
  }

  /** The login stored under `id`, removed; undefined when unknown, expired or already taken. */
  async take(id: string): Promise<PendingLogin | undefined> {
    // Ids are base64url: anything else cannot be one of ours, and never reaches Redis.
    if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
    const stored = await this.redis.getdel(this.key(id));
    return stored ? (JSON.parse(stored) as PendingLogin) : undefined;
  }

  private key(id: string): string {
    return `${this.prefix}:oidc:login:${id}`;
  }
}
