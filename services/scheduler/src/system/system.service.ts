import type { ExternalApi } from '@mcs/contracts';
import { isoOrNull, PRODUCT_NAME, PRODUCT_VERSION, PROJECT_URL, type Clock } from '@mcs/kit';
import type { Db } from '../db';
import { CANDIDATE_SCAN, capabilities, MEDIA_SYNC } from '../domain/system-facts';
import { mainServerRepository } from '../main-server/main-server.repository';
import { runRepository } from '../runs/run.repository';

type System = ExternalApi.components['schemas']['System'];

/** GET /api/v1/system (external-api.md §2.8): no address, path or configuration value. */
export class SystemService {
  constructor(private readonly deps: { db: Db; clock: Clock; rateLimited: boolean }) {}

  async describe(): Promise<System> {
    const { db } = this.deps;
    const [hasMainServer, lastSync, lastScan] = await Promise.all([
      mainServerRepository.has(db),
      runRepository.lastSucceededAt(db, MEDIA_SYNC.taskIds, MEDIA_SYNC.kinds),
      runRepository.lastSucceededAt(db, CANDIDATE_SCAN.taskIds),
    ]);
    return {
      status: 'ok',
      program: PRODUCT_NAME,
      version: PRODUCT_VERSION,
      project_url: PROJECT_URL,
      api_version: 'v1',
      server_time: this.deps.clock().toISOString(),
      has_main_media_server: hasMainServer,
      last_media_sync_at: isoOrNull(lastSync),
      last_candidate_scan_at: isoOrNull(lastScan),
      capabilities: capabilities(this.deps.rateLimited),
    };
  }
}
