/**
 * Which kind of sync a run performs (domain.md 2.10 "When is a full sync due?"). Pure.
 */
import type { MessagePayload } from '@mcs/contracts';

export type SyncTask = 'sync_media' | 'resync_media';
export type Trigger = MessagePayload<'task.run.sync_media'>['trigger'];

const DAY_MS = 86_400_000;

export function syncKindFor(input: {
  task: SyncTask;
  trigger: Trigger;
  lastFullAt: Date | null;
  lastWatermark: Date | null;
  removalsPending: boolean;
  now: Date;
}): 'full' | 'incremental' | 'resync' {
  if (input.task === 'resync_media') return 'resync';
  if (input.trigger !== 'schedule') return 'full';
  if (input.removalsPending || input.lastWatermark === null || input.lastFullAt === null)
    return 'full';
  return input.now.getTime() - input.lastFullAt.getTime() >= DAY_MS ? 'full' : 'incremental';
}
