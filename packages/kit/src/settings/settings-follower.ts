import { generalSettingsDefaults, type GeneralSettings, type MessagePayload } from '@mcs/contracts';
import type { Pool } from 'pg';
import { ident, type SqlClient } from '../data/database';
import type { Logger } from '../logger';
import type { Outbox } from '../messaging/outbox';

export type SettingKey = keyof GeneralSettings;
export type SettingsOf<K extends SettingKey> = Pick<GeneralSettings, K>;

export interface SettingsFollowerOptions<K extends SettingKey> {
  /** The follower's schema, holding its `settings_projection` table (one row). */
  schema: string;
  /** The keys this service reads; the projection stores these and nothing else. */
  keys: readonly K[];
  pool: Pool;
  log: Logger;
  /**
   * How long the first read after start waits for the owner's answer to settings.requested
   * (RuntimeConfig.settingsWaitMs). Later reads never wait.
   */
  waitMs: number;
}

interface ProjectionRow {
  version: string;
  settings: Partial<GeneralSettings>;
}

/** What the kit's wiring needs of a follower, whatever keys it reads (startService, consumer). */
export interface SettingsProjection {
  apply(tx: SqlClient, payload: MessagePayload<'settings.changed'>): Promise<void>;
  markAnswered(): void;
  request(outbox: Outbox, db: SqlClient, service: string): Promise<void>;
}

/**
 * A service's projection of the general settings it reads (docs/decisions/025). The owner (the
 * scheduler) publishes the whole document as settings.changed; the follower keeps its keys in
 * one row and applies a message only when its version is newer, so duplicates and reordering
 * are harmless. Code reads `current()` at the moment of each decision, so a change counts from
 * the next decision on, without a restart.
 *
 * On start the service asks the owner once (settings.requested). The first read waits, at most
 * `waitMs`, for the answer, so a restarted service decides on the current settings and not on
 * what it stored before it stopped; without an answer it goes on with its stored projection
 * (or the documented defaults) and says so. Another replica may take the answer off the shared
 * queue: it writes the same row, which is why the bound is short and the row is always read.
 */
export class SettingsFollower<K extends SettingKey> implements SettingsProjection {
  private readonly table: string;
  private answered = false;
  private wakeAnswered: () => void = () => undefined;
  private readonly answer = new Promise<void>((resolve) => {
    this.wakeAnswered = resolve;
  });
  private firstRead: Promise<void> | undefined;
  /** The documented defaults of this follower's keys, copied once (reads happen per decision). */
  private readonly defaults: SettingsOf<K>;

  constructor(private readonly options: SettingsFollowerOptions<K>) {
    this.table = `${ident(options.schema)}.settings_projection`;
    this.defaults = this.pick(generalSettingsDefaults(), generalSettingsDefaults());
  }

  /** The settings this service reads, as of now. */
  async current(): Promise<SettingsOf<K>> {
    this.firstRead ??= this.awaitAnswer();
    await this.firstRead;
    const row = await this.read();
    return this.pick(row?.settings ?? {}, this.defaults);
  }

  /** The version held (0: none yet, the defaults apply). */
  async version(): Promise<number> {
    return Number((await this.read())?.version ?? 0);
  }

  /** settings.changed, in the consumer's transaction: kept only when newer than the row. */
  async apply(tx: SqlClient, payload: MessagePayload<'settings.changed'>): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${this.table} (id, version, settings, applied_at)
       VALUES (1, $1, $2::jsonb, now())
       ON CONFLICT (id) DO UPDATE
         SET version = EXCLUDED.version, settings = EXCLUDED.settings, applied_at = now()
         WHERE settings_projection.version < EXCLUDED.version`,
      payload.version,
      JSON.stringify(this.pick(payload.settings, this.defaults)),
    );
  }

  /** After the commit of a settings.changed: the owner has answered since start. */
  markAnswered(): void {
    if (this.answered) return;
    this.answered = true;
    this.wakeAnswered();
  }

  /** settings.requested, once per start: the owner publishes its current version again. */
  async request(outbox: Outbox, db: SqlClient, service: string): Promise<void> {
    if (!isRequestingService(service)) throw new Error(`${service} does not follow the settings`);
    await outbox.add(db, 'settings.requested', { requested_by_service: service });
  }

  private async awaitAnswer(): Promise<void> {
    if (this.answered || this.options.waitMs <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), this.options.waitMs);
    });
    const late = await Promise.race([this.answer.then(() => false), timedOut]);
    clearTimeout(timer);
    if (late) {
      this.options.log.warn(
        { settingsVersion: await this.version(), waitedMs: this.options.waitMs },
        'the settings owner has not answered since start: deciding on the stored settings',
      );
    }
  }

  private async read(): Promise<ProjectionRow | undefined> {
    const { rows } = await this.options.pool.query<ProjectionRow>(
      `SELECT version::text AS version, settings FROM ${this.table} WHERE id = 1`,
    );
    return rows[0];
  }

  /** The follower's keys of `settings`, each missing one from `defaults`. */
  private pick(
    settings: Partial<GeneralSettings>,
    defaults: Partial<GeneralSettings>,
  ): SettingsOf<K> {
    const picked: Partial<GeneralSettings> = {};
    for (const key of this.options.keys) {
      Object.assign(picked, { [key]: settings[key] ?? defaults[key] });
    }
    return picked as SettingsOf<K>;
  }
}

type RequestingService = MessagePayload<'settings.requested'>['requested_by_service'];

const FOLLOWERS: readonly string[] = ['gateway', 'catalog', 'cleanup', 'webhooks'];

function isRequestingService(name: string): name is RequestingService {
  return FOLLOWERS.includes(name);
}
