import { SettingsFollower, type Logger } from '@mcs/kit';
import type { Pool } from 'pg';
import type { DestinationPolicy } from '../domain/destination-guard';

/** The general settings webhooks reads (docs/decisions/025): prune, the guard, notifications. */
const KEYS = [
  'event_retention_days',
  'webhook_block_private_destinations',
  'notifications',
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
