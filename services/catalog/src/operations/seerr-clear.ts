import type { ServiceConfigRecord } from '../domain/service-config';
import type { ClientFactory } from '../integrations/client-factory';
import type { DbClient } from '../db';
import type { OperationCommand } from './operation-intake';
import { seerrMediaOf } from './seerr-media.repository';

/**
 * After the whole movie or series left the library, Seerr's media entry is cleared where
 * `clear_request_on_delete` is on (domain.md 2.7, 6.5). A failure is a warning on the
 * outcome, never a failure of the operation.
 */
export async function clearSeerrRequests(
  deps: { db: DbClient; clients: ClientFactory },
  command: OperationCommand,
  services: Map<number, ServiceConfigRecord>,
): Promise<string[]> {
  const rows = await seerrMediaOf(deps.db, command.target);
  const warnings: string[] = [];
  for (const row of rows) {
    const service = services.get(Number(row.service_config_id));
    if (!service?.enabled || service.options.clear_request_on_delete === false) continue;
    const client = deps.clients.seerr(service);
    try {
      await client.deleteMedia(row.seerr_media_id);
    } catch {
      warnings.push(`seerr_clear_failed:${service.id}`);
    } finally {
      client.close();
    }
  }
  return warnings;
}
