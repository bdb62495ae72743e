import { Client } from 'pg';
import type { Logger } from '../logger';
import { ident } from './database';

export interface ListenerOptions {
  /** A connection of its own, outside the pool: it is held for the life of the process. */
  url: string;
  /** The channels to LISTEN on (plain lower-case names: they are quoted as identifiers). */
  channels: readonly string[];
  log: Logger;
  /** Pause before listening again after the connection failed. */
  retryMs?: number;
}

/**
 * One connection per process that LISTENs on a few channels and wakes whoever waits on them
 * (a NOTIFY is delivered when, and only if, the writing transaction commits, so a waiter woken
 * by it reads committed rows). Notifications sent while the connection is down are lost: after
 * every (re)connect every waiter is woken to look again, which also closes the race between a
 * waiter's first look and the first LISTEN.
 */
export class PgListener {
  private readonly wakeups = new Map<string, Set<{ wake(): void }>>();
  private client: Client | undefined;
  private running = false;
  private live = false;
  private retry: NodeJS.Timeout | undefined;
  private attempt: Promise<void> = Promise.resolve();

  constructor(private readonly options: ListenerOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt = this.listen();
  }

  /**
   * True while the connection is up and LISTENs: no notification is being missed. Whoever keeps
   * a value until notified (NotifiedCache) must not keep it while this is false.
   */
  get listening(): boolean {
    return this.live;
  }

  /** Resolves once the first attempt to LISTEN has finished (listening or retrying). */
  ready(): Promise<void> {
    return this.attempt;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.live = false;
    clearTimeout(this.retry);
    // A connect in progress finishes first (and sees it is no longer running).
    await this.attempt;
    await this.client?.end().catch(() => undefined);
  }

  /** Woken by each notification on `channel` and after each reconnect; close it when done. */
  wakeup(channel: string): Wakeup {
    const wakeup: Wakeup = new Wakeup(this.watch(channel, () => wakeup.wake()));
    return wakeup;
  }

  /** Calls `wake` on each notification on `channel` and after each reconnect; returns the undo. */
  watch(channel: string, wake: () => void): () => void {
    if (!this.options.channels.includes(channel)) throw new Error(`not listening on ${channel}`);
    const set = this.wakeups.get(channel) ?? new Set<{ wake(): void }>();
    this.wakeups.set(channel, set);
    const watcher = { wake };
    set.add(watcher);
    return () => set.delete(watcher);
  }

  private wake(channel?: string): void {
    for (const [name, set] of this.wakeups)
      if (channel === undefined || name === channel) for (const wakeup of set) wakeup.wake();
  }

  private async listen(): Promise<void> {
    const { url, log, channels, retryMs = 1000 } = this.options;
    // TCP keepalive: a connection that died silently (no FIN, no error) is noticed in minutes
    // instead of never, as the listener itself sends nothing.
    const client = new Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // A lost connection may be reported more than once ('error', 'end', a failed query).
    let lost = false;
    const reconnect = (error: unknown) => {
      if (lost) return;
      lost = true;
      this.live = false;
      if (this.running) log.warn({ err: error }, 'notification listener lost its connection');
      if (this.client === client) this.client = undefined;
      void client.end().catch(() => undefined);
      if (this.running)
        this.retry = setTimeout(() => {
          this.attempt = this.listen();
        }, retryMs);
    };
    client.on('error', reconnect);
    client.on('end', () => reconnect(new Error('connection ended')));
    client.on('notification', (message) => this.wake(message.channel));
    try {
      await client.connect();
      if (!this.running) {
        lost = true;
        await client.end();
        return;
      }
      this.client = client;
      for (const channel of channels) await client.query(`LISTEN ${ident(channel)}`);
      // Lost or stopped while the LISTENs ran: not listening, whatever the queries answered.
      if (lost || !this.running) return;
      this.live = true;
      this.wake();
    } catch (error) {
      reconnect(error);
    }
  }
}

/**
 * What one waiter holds: `until` looks once, then again only when woken, never on a timer.
 * A wake-up during a look is kept, so a commit between a look and the wait is not missed.
 */
export class Wakeup {
  private woken = false;
  private resolve: (() => void) | undefined;

  constructor(private readonly detach: () => void) {}

  wake(): void {
    this.woken = true;
    this.resolve?.();
  }

  /** `check` until it gives a value, or null once `deadline` (epoch ms) has passed. */
  async until<T>(check: () => Promise<T | null>, deadline: number): Promise<T | null> {
    for (;;) {
      this.woken = false;
      const value = await check();
      if (value !== null) return value;
      if (!(await this.wokenBefore(deadline))) return null;
    }
  }

  close(): void {
    this.detach();
  }

  /** True when woken (now or later), false when the deadline comes first. */
  private wokenBefore(deadline: number): Promise<boolean> {
    if (this.woken) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(false), Math.max(0, deadline - Date.now()));
      const settle = (woken: boolean) => {
        clearTimeout(timer);
        this.resolve = undefined;
        resolve(woken);
      };
      this.resolve = () => settle(true);
    });
  }
}
