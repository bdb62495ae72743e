import type { SealedColumns } from '@mcs/kit';
import type { Db } from '../db';
import { OIDC_DEFAULTS, type OidcSettings } from './domain/oidc-settings';

/** The columns sealed with the SecretBox, for `pnpm secrets:reencrypt` (src/reencrypt.ts). */
export const SEALED_COLUMNS: SealedColumns[] = [
  { table: 'oidc_settings', key: 'id', columns: ['client_secret_encrypted'] },
];

/** The single row of OIDC settings (id 1); the defaults until one was saved. */
export const oidcSettingsRepository = {
  async load(db: Db): Promise<OidcSettings & { updatedAt: Date | null }> {
    const row = await db.oidcSettings.findUnique({ where: { id: 1 } });
    if (!row) return { ...OIDC_DEFAULTS, updatedAt: null };
    const { id: _id, ...settings } = row;
    return settings;
  },

  async save(db: Db, settings: OidcSettings, now: Date): Promise<void> {
    const data = { ...settings, updatedAt: now };
    await db.oidcSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
  },
};
