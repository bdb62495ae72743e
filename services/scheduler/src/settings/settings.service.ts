import { randomUUID } from 'node:crypto';
import type { GeneralSettings } from '@mcs/contracts';
import { AppError, Invalid, type Clock, type Outbox, type SecretBox } from '@mcs/kit';
import type { Db, Tx } from '../db';
import { applyChange, mapSecrets, MASK } from '../domain/general-settings';
import { LEGACY_ENTRIES_PER_COMMAND, legacyEntry } from '../domain/legacy-webhooks';
import { settingsRepository, type StoredSettings } from './settings.repository';
import type { DestinationCheck } from './destination-check';

/**
 * The general settings' owner (docs/decisions/025): reads, all-or-nothing changes, and the
 * versioned settings.changed every other service follows.
 */
export class SettingsService {
  constructor(
    private readonly deps: {
      db: Db;
      outbox: Outbox;
      clock: Clock;
      box: SecretBox;
      destinations: DestinationCheck;
    },
  ) {}

  /** GET /api/settings/general: secrets masked, paths shown (admins only). */
  async read(): Promise<GeneralSettings> {
    return (await settingsRepository.load(this.deps.db)).document;
  }

  /** PUT /api/settings/general: validate → check destinations → store + publish → answer. */
  async change(body: Readonly<Record<string, unknown>>): Promise<GeneralSettings> {
    const before = await settingsRepository.load(this.deps.db);
    const change = applyChange(before.document, new Set(before.sealed.keys()), body, randomUUID);
    if (!change.ok) throw new Invalid(change.errors);
    await this.checkDestinations(before.document, change.document);
    return this.deps.db.$transaction(async (tx) => {
      await settingsRepository.lock(tx);
      // A change committed since `before` was read is kept: merge onto the latest again.
      const latest = await settingsRepository.load(tx);
      const again = applyChange(latest.document, new Set(latest.sealed.keys()), body, randomUUID);
      if (!again.ok) throw new Invalid(again.errors);
      // A change arriving before the start-up migration ran must not drop the legacy list.
      if (latest.legacy !== undefined) await this.sendLegacy(tx, latest.legacy);
      const version = latest.version + 1;
      const sealedNew = new Map(
        [...again.reveal].map(([name, value]) => [name, this.deps.box.seal(value)]),
      );
      const sealed = new Map([...latest.sealed, ...sealedNew]);
      await settingsRepository.save(tx, {
        version,
        document: again.document,
        sealed: sealedNew,
        names: again.names,
        now: this.deps.clock(),
      });
      await this.publish(tx, { ...latest, version, document: again.document, sealed });
      return again.document;
    });
  }

  /**
   * events-webhooks.md 5: a `post_action_webhooks` list an older version stored goes to
   * webhooks as endpoints to create, in the transaction that removes it from the document, so
   * it is sent exactly once (the outbox delivers it; webhooks' inbox applies it once). Returns
   * how many entries went.
   */
  async migrateLegacyWebhooks(): Promise<number> {
    return this.deps.db.$transaction(async (tx) => {
      await settingsRepository.lock(tx);
      const { legacy } = await settingsRepository.load(tx);
      return legacy === undefined ? 0 : this.sendLegacy(tx, legacy);
    });
  }

  private async sendLegacy(tx: Tx, legacy: readonly unknown[]): Promise<number> {
    const entries = legacy.map((entry) => legacyEntry(entry, (value) => this.deps.box.seal(value)));
    for (let start = 0; start < entries.length; start += LEGACY_ENTRIES_PER_COMMAND) {
      await this.deps.outbox.add(tx, 'webhooks.legacy_endpoints.import', {
        entries: entries.slice(start, start + LEGACY_ENTRIES_PER_COMMAND),
      });
    }
    await settingsRepository.dropLegacy(tx);
    return entries.length;
  }

  /** settings.requested: the current version again, for a follower that has just started. */
  async republish(tx: Tx): Promise<void> {
    await this.publish(tx, await settingsRepository.load(tx));
  }

  private async publish(tx: Tx, stored: StoredSettings): Promise<void> {
    const settings = mapSecrets(stored.document, (slot, value) =>
      value === MASK ? (stored.sealed.get(slot.name) ?? null) : null,
    );
    await this.deps.outbox.add(tx, 'settings.changed', {
      version: stored.version,
      settings,
    });
  }

  /** Only the destinations that change are checked: an unchanged one was checked when set. */
  private async checkDestinations(before: GeneralSettings, after: GeneralSettings): Promise<void> {
    const keys = (['move_destination_movies', 'move_destination_series'] as const).filter(
      (key) => after[key] !== null && after[key] !== before[key],
    );
    if (keys.length === 0) return;
    const answers = await this.deps.destinations(keys.map((key) => after[key] ?? ''));
    const errors = keys.flatMap((key, i) =>
      answers[i]?.writable
        ? []
        : [{ in: 'body' as const, name: key, message: answers[i]?.reason ?? 'is not writable' }],
    );
    if (errors.length > 0) {
      throw new AppError(
        422,
        'path_not_writable',
        'catalog cannot write to the move destination.',
        {
          errors,
        },
      );
    }
  }
}
