import { SettingsFollower, type Logger } from '@mcs/kit';
import type { Pool } from 'pg';
import type { DestinationPolicy } from '../domain/destination-guard';

/**
 * The general settings webhooks reads (docs/decisions/025): prune, the guard, and for
 * notifications (issue 28) the channels and `public_url`, which their links start with.
 */
const KEYS = [
  'event_retention_days',
  'webhook_block_private_destinations',
  'notifications',
  'public_url',
] as const;

/** The service's projection of its general settings, read at the moment of each decision. */
export type WebhookSettings = SettingsFollower<(typeof KEYS)[number]>;

export function webhookSettings(options: {
  schema: string;
  pool: Pool;
  log: Logger;
  waitMs: number;
}): WebhookSettings {
  return new SettingsFollower({ ...options, keys: KEYS });
}

/** "Block private network destinations" as of now (events-webhooks.md §4.10). */
export async function destinationPolicy(settings: WebhookSettings): Promise<DestinationPolicy> {
  const { webhook_block_private_destinations } = await settings.current();
  return { blockPrivate: webhook_block_private_destinations };
}

/** `event_retention_days` as of now (events-webhooks.md §2.6). */
export async function retentionDays(settings: WebhookSettings): Promise<number> {
  return (await settings.current()).event_retention_days;
}

/** The notification channels (secrets sealed) and `public_url`, as of now (issue 28). */
export async function notificationSettings(settings: WebhookSettings) {
  const current = await settings.current();
  return {
    channels: current.notifications.channels,
    publicUrl: current.public_url,
    policy: { blockPrivate: current.webhook_block_private_destinations },
  };
}
