import { Consumer, type ReceivedMessage, type Runtime, type Clock } from '@mcs/kit';
import { type Db, SCHEMA, type Tx } from '../db';
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

type Name = (typeof MEDIA_MESSAGES)[number];
/** One variant per message, so a switch on `name` narrows the payload. */
type Received = { [K in Name]: ReceivedMessage<K> }[Name];

/** The kit consumer (inbox, retries, dead-lettering) feeding the media projection. */
export function mediaConsumer(
  runtime: Runtime,
  db: Db,
  projection: MediaProjectionService,
  clock: Clock,
): Consumer<Tx, Name> {
  return new Consumer<Tx, Name>(runtime.broker, runtime.names, runtime.log, {
    service: SCHEMA,
    name: 'media-projection',
    messages: MEDIA_MESSAGES,
    db,
    schema: SCHEMA,
    handler: (message, tx) => apply(projection, message as Received, tx, clock()),
  });
}

function apply(projection: MediaProjectionService, message: Received, tx: Tx, now: Date) {
  switch (message.name) {
    case 'media.items_upserted':
      return projection.itemsUpserted(tx, message.payload);
    case 'media.series_parts_upserted':
      return projection.seriesPartsUpserted(tx, message.payload);
    case 'media.removed':
      return projection.removed(tx, message.payload, message.occurredAt, now);
    case 'media.restored':
      return projection.restored(tx, message.payload, message.occurredAt);
    case 'media.version_removed':
      return projection.versionRemoved(tx, message.payload, now);
    case 'media.episode_file_removed':
      return projection.episodeFileRemoved(tx, message.payload, now);
  }
}
