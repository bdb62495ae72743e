import type { MessagePayload } from '@mcs/contracts';
import type { Db } from '../../src/db';
import type { MediaType } from '../../src/domain/target';
import { replaceSourceStatus } from '../../src/sources/source-status.repository';
import type { ScanSummary } from '../../src/scan/scan.service';
import type { World } from './world';

/** Helpers of the scan tests (domain.md 4). */

type Source = MessagePayload<'media.source_status_changed'>['sources'][number];

let snapshots = 0;
/** Catalog's next source-status snapshot: every named source connected, ok or down. */
export async function setSources(
  world: World,
  states: Partial<Record<Source['source'], 'ok' | 'unavailable'>>,
): Promise<void> {
  snapshots += 1;
  const now = world.clock.now().toISOString();
  const sources = Object.entries(states).map(([source, state]) => ({
    source: source as Source['source'],
    service_config_id: null,
    service_type: null,
    state,
    reason: state === 'ok' ? null : 'connection refused',
    last_success_at: now,
    last_attempt_at: now,
  }));
  await world.service.db.$transaction((tx) =>
    // Snapshots replace older ones only: each gets a later as_of than the one before.
    replaceSourceStatus(tx, { as_of: new Date(Date.now() + snapshots).toISOString(), sources }),
  );
}

/** Changes root facts of a projected movie or series as a later catalog event would. */
export async function patchFacts(
  db: Db,
  mediaType: MediaType,
  mediaId: number,
  patch: Record<string, unknown>,
): Promise<void> {
  await db.$executeRaw`
    UPDATE media_items SET facts = facts || ${JSON.stringify(patch)}::jsonb
     WHERE media_type = ${mediaType} AND media_id = ${mediaId}`;
}

let scanRuns = 0;
/**
 * One scan, run by the service as its task handler runs it, as run `runId` (by default a new
 * run id each time, as the scheduler gives each run).
 */
export async function runScan(world: World, runId = (scanRuns += 1)): Promise<ScanSummary> {
  const outcome = await world.service.services.scan.run({
    runId,
    progress: () => Promise.resolve(),
  });
  return outcome.summary;
}
