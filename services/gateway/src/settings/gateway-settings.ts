import { SettingsFollower, type Logger } from '@mcs/kit';
import type { Pool } from 'pg';

/** The general settings the gateway reads (docs/decisions/025); public_url builds the OIDC redirect URI. */
const KEYS = ['users_can_view_candidates', 'update_check_enabled', 'public_url'] as const;

/** The gateway's projection of its general settings, read at the moment of each decision. */
export type GatewaySettings = SettingsFollower<(typeof KEYS)[number]>;

export function gatewaySettings(options: {
  schema: string;
  pool: Pool;
  log: Logger;
  waitMs: number;
}): GatewaySettings {
  return new SettingsFollower({ ...options, keys: KEYS });
}
