import { Consumer, type Runtime } from '@mcs/kit';
import { type Db, SCHEMA, type Tx } from '../db';
import { applyMediaLinks } from './media-links.repository';

/** cleanup's candidate and protection links, for candidate_ids / protection_ids (2.6). */
export function mediaLinksConsumer(
  runtime: Runtime,
  db: Db,
): Consumer<Tx, 'cleanup.media_links_changed'> {
  return new Consumer<Tx, 'cleanup.media_links_changed'>(
    runtime.broker,
    runtime.names,
    runtime.log,
    {
      service: SCHEMA,
      name: 'media-links',
      messages: ['cleanup.media_links_changed'],
      db,
      schema: SCHEMA,
      handler: async (message, tx) => {
        await applyMediaLinks(tx, message.payload.items);
      },
    },
  );
}
