import { PRODUCT_NAME, systemClock, type Runtime, type SecretBox } from '@mcs/kit';
import type { GatewayConfig } from './config';
import { SCHEMA, type Db } from './db';
import { gatewaySettings } from './settings/gateway-settings';
import { releaseSource } from './updates/release-source';
import { UpdateCheckService } from './updates/update-check.service';

/**
 * What the app and the consumers share: the settings projection, the release check and the
 * box that seals the gateway's secrets (the OIDC client secret).
 */
export function gatewayServices(runtime: Runtime, db: Db, config: GatewayConfig, box: SecretBox) {
  const settings = gatewaySettings({
    schema: SCHEMA,
    pool: runtime.pool,
    log: runtime.log,
    waitMs: runtime.config.settingsWaitMs ?? 0,
  });
  const updates = new UpdateCheckService({
    db,
    settings,
    clock: systemClock,
    log: runtime.log,
    version: runtime.version,
    releaseUrl: config.updateCheckUrl,
    fetchRelease: releaseSource(`${PRODUCT_NAME.replace(/ /g, '')}/${runtime.version}`),
  });
  return { settings, updates, box };
}

export type GatewayServices = ReturnType<typeof gatewayServices>;
