import type { Outbox } from '@mcs/kit';
import type { MediaKey } from '../domain/target';
import { readMediaLinks } from './media-links.repository';
import type { Tx } from '../db';

const BATCH = 1000;

/**
 * Tells catalog the current candidates and protections of media items whose links changed
 * (cleanup.media_links_changed), in the transaction of the change. The message carries the
 * full current state with `as_of`, so catalog can apply it out of order and more than once.
 */
export class MediaLinksPublisher {
  constructor(private readonly outbox: Outbox) {}

  async publish(tx: Tx, keys: MediaKey[], now: Date): Promise<void> {
    const unique = [
      ...new Map(keys.map((key) => [`${key.mediaType}:${key.mediaId}`, key])).values(),
    ];
    for (let start = 0; start < unique.length; start += BATCH) {
      const links = await readMediaLinks(tx, unique.slice(start, start + BATCH));
      await this.outbox.add(tx, 'cleanup.media_links_changed', {
        items: links.map((item) => ({
          media_type: item.mediaType,
          media_id: item.mediaId,
          as_of: now.toISOString(),
          candidate_ids: item.candidateIds,
          protections: item.protections.map((p) => ({
            id: p.id,
            expires_at: p.expiresAt?.toISOString() ?? null,
          })),
        })),
      });
    }
  }
}
