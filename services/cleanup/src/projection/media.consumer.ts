import { type Clock, type MessageHandlers, messageConsumer, type Runtime } from '@mcs/kit';
import type { Db, Tx } from '../db';
import type { MediaProjectionService } from './media-projection.service';

/** The media.* events cleanup's projection follows (media.version_added needs nothing). */
export const MEDIA_MESSAGES = [
  'media.items_upserted',
  'media.series_parts_upserted',
  'media.removed',
  'media.restored',
  'media.version_removed',
  'media.episode_file_removed',
] as const;

/** The kit consumer (inbox, retries, dead-lettering) feeding the media projection. */
export function mediaConsumer(
  runtime: Runtime,
  db: Db,
  projection: MediaProjectionService,
  clock: Clock,
) {
  // Typed by the list, so the queue binds exactly the messages an input refresh waits for.
  const handlers: MessageHandlers<Tx, (typeof MEDIA_MESSAGES)[number]> = {
    'media.items_upserted': ({ payload }, tx) => projection.itemsUpserted(tx, payload),
    'media.series_parts_upserted': ({ payload }, tx) => projection.seriesPartsUpserted(tx, payload),
    'media.removed': ({ payload, occurredAt }, tx) =>
      projection.removed(tx, payload, occurredAt, clock()),
    'media.restored': ({ payload, occurredAt }, tx) => projection.restored(tx, payload, occurredAt),
    'media.version_removed': ({ payload }, tx) => projection.versionRemoved(tx, payload, clock()),
    'media.episode_file_removed': ({ payload }, tx) =>
      projection.episodeFileRemoved(tx, payload, clock()),
  };
  return messageConsumer(runtime, { name: 'media-projection', db, handlers });
}
