import type { DbClient } from '../db';

export interface WebhookSettings {
  eventRetentionDays: number;
  blockPrivateDestinations: boolean;
}

/** The webhooks service's copy of its two general settings (domain.md §11); one row. */
export const settingsRepository = {
  async get(db: DbClient): Promise<WebhookSettings> {
    // The migration inserts the row; nothing deletes it.
    const row = await db.webhookSettings.findUniqueOrThrow({ where: { id: 1 } });
    return {
      eventRetentionDays: row.eventRetentionDays,
      blockPrivateDestinations: row.blockPrivateDestinations,
    };
  },

  async update(db: DbClient, change: Partial<WebhookSettings>): Promise<void> {
    await db.webhookSettings.update({
      where: { id: 1 },
      data: { ...change, updatedAt: new Date() },
    });
  },
};
