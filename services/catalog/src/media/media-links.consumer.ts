import { messageConsumer, type Runtime } from '@mcs/kit';
import type { Db } from '../db';
import type { MediaService } from './media.service';

/** cleanup's candidate and protection links, for candidate_ids / protection_ids (2.6). */
export function mediaLinksConsumer(
  runtime: Runtime,
  db: Db,
  media: Pick<MediaService, 'applyLinks'>,
) {
  return messageConsumer(runtime, {
    name: 'media-links',
    db,
    handlers: {
      'cleanup.media_links_changed': (message, tx) => media.applyLinks(tx, message.payload.items),
    },
  });
}
