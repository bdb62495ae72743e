import { generalSettingsDefaults, isGeneralSettings, type GeneralSettings } from '@mcs/contracts';
import type { SealedColumns } from '@mcs/kit';
import type { DbClient, Tx } from '../db';

/** The general settings as stored: the document (secrets masked), its version, the sealed secrets. */
export interface StoredSettings {
  version: number;
  document: GeneralSettings;
  /** Sealed secrets by name (tmdb_api_key, notifications.<id>.url_or_host, …). */
  sealed: ReadonlyMap<string, string>;
  /** A legacy `post_action_webhooks` list still in the document (events-webhooks.md 5). */
  legacy: unknown[] | undefined;
}

/** The columns sealed with the SecretBox, for `pnpm secrets:reencrypt` (src/reencrypt.ts). */
export const SEALED_COLUMNS: SealedColumns[] = [
  { table: 'general_settings_secrets', key: 'name', columns: ['sealed'] },
];

export const settingsRepository = {
  /** Until the transaction ends, one writer at a time (the row may not exist yet). */
  async lock(tx: Tx): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('scheduler.general_settings'))`;
  },

  /** The stored settings; version 0 and the documented defaults before the first change. */
  async load(db: DbClient): Promise<StoredSettings> {
    const [row, secrets] = await Promise.all([
      db.generalSettingsRecord.findUnique({ where: { id: 1 } }),
      db.generalSettingsSecret.findMany(),
    ]);
    const stored: Record<string, unknown> = isRecord(row?.document) ? row.document : {};
    const { post_action_webhooks: legacy, ...rest } = stored;
    // Keys added to the contract after the row was written read as their defaults.
    const document: unknown = { ...generalSettingsDefaults(), ...rest };
    if (!isGeneralSettings(document)) {
      throw new Error('the stored general settings do not match the contract');
    }
    return {
      version: Number(row?.version ?? 0),
      document,
      sealed: new Map(secrets.map((secret) => [secret.name, secret.sealed])),
      legacy: Array.isArray(legacy) ? legacy : undefined,
    };
  },

  /** The legacy list leaves the document; nothing else changes (no new version). */
  async dropLegacy(tx: Tx): Promise<void> {
    await tx.$executeRaw`
      UPDATE general_settings SET document = document - 'post_action_webhooks' WHERE id = 1`;
  },

  /** The next version: the document, new sealed secrets, and only the secrets still named. */
  async save(
    tx: Tx,
    next: {
      version: number;
      document: GeneralSettings;
      sealed: ReadonlyMap<string, string>;
      names: ReadonlySet<string>;
      now: Date;
    },
  ): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO general_settings (id, version, document, updated_at)
      VALUES (1, ${next.version}, ${JSON.stringify(next.document)}::jsonb, ${next.now})
      ON CONFLICT (id) DO UPDATE
        SET version = EXCLUDED.version, document = EXCLUDED.document,
            updated_at = EXCLUDED.updated_at`;
    await tx.generalSettingsSecret.deleteMany({ where: { name: { notIn: [...next.names] } } });
    for (const [name, sealed] of next.sealed) {
      await tx.generalSettingsSecret.upsert({
        where: { name },
        create: { name, sealed },
        update: { sealed },
      });
    }
  },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
