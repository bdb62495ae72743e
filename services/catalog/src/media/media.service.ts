import type { MessagePayload } from '@mcs/contracts';
import { NotFound, type Clock, pageOf, type PgDatabase, type Paging } from '@mcs/kit';
import type { Db, Tx } from '../db';
import type { MediaFilters, MediaKind, MediaSort } from '../domain/media-query';
import { applyMediaLinks } from './media-links.repository';
import { findMedia, listMedia } from './media.repository';
import { mediaView, type MediaWire } from './media.view';

const NOUN: Record<MediaKind, string> = { movie: 'Movie', series: 'Series' };

/** The media API (external-api.md 2.6): catalog answers from its own data and projection. */
export class MediaService {
  constructor(private readonly deps: { db: Db; direct: PgDatabase; clock: Clock }) {}

  async list(kind: MediaKind, filters: MediaFilters, sort: MediaSort, paging: Paging) {
    const now = this.deps.clock();
    const { rows, total } = await listMedia(this.deps.direct, kind, filters, sort, paging, now);
    return pageOf(
      rows.map((row) => mediaView(kind, row)),
      total,
      paging,
    );
  }

  /** Soft-removed items too (with removed_at); a series id on the movies route is 404. */
  async get(kind: MediaKind, id: number): Promise<MediaWire> {
    const row = await findMedia(this.deps.db, kind, id, this.deps.clock());
    if (!row) throw new NotFound(`${NOUN[kind]} ${id} was not found.`);
    return mediaView(kind, row);
  }

  /**
   * cleanup's candidate and protection links (cleanup.media_links_changed), in the message's
   * transaction: they feed candidate_ids / protection_ids of the items above.
   */
  async applyLinks(tx: Tx, items: MessagePayload<'cleanup.media_links_changed'>['items']) {
    await applyMediaLinks(tx, items);
  }
}
