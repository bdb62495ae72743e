import type { Tx } from '../db';
import type { MediaEvents } from '../messaging/media-events';
import { diskFacts } from './disk-facts.repository';

/** media.disk_space_changed with every known disk, in the caller's transaction (none: none). */
export async function addDiskSpaceChanged(tx: Tx, events: MediaEvents, asOf: Date): Promise<void> {
  const disks = await diskFacts(tx);
  if (disks.length > 0)
    await events.add(tx, 'media.disk_space_changed', { as_of: asOf.toISOString(), disks });
}
