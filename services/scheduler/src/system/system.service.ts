import type { ExternalApi } from '@mcs/contracts';
import { isoOrNull, PRODUCT_NAME, PRODUCT_VERSION, PROJECT_URL, type Clock } from '@mcs/kit';
import type { Direct } from '../db';
import { capabilities } from '../domain/system-facts';
import { systemRepository } from './system.repository';

type System = ExternalApi.components['schemas']['System'];

/** GET /api/v1/system (external-api.md §2.8): no address, path or configuration value. */
export class SystemService {
  constructor(private readonly deps: { direct: Direct; clock: Clock; rateLimited: boolean }) {}

  async describe(): Promise<System> {
    const facts = await systemRepository.facts(this.deps.direct);
    return {
      status: 'ok',
      program: PRODUCT_NAME,
      version: PRODUCT_VERSION,
      project_url: PROJECT_URL,
      api_version: 'v1',
      server_time: this.deps.clock().toISOString(),
      has_main_media_server: facts.hasMainServer,
      last_media_sync_at: isoOrNull(facts.lastSyncAt),
      last_candidate_scan_at: isoOrNull(facts.lastScanAt),
      capabilities: capabilities(this.deps.rateLimited),
    };
  }
}
