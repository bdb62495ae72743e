import { NotFound, limitOffset, pageOf, type Clock, type Paging } from '@mcs/kit';
import { listCandidates } from '../candidates/candidate-query.repository';
import { candidateView } from '../candidates/candidate.view';
import type { Db } from '../db';
import type { MediaType } from '../domain/target';
import { listProtections } from '../protections/protection.repository';
import { protectionView } from '../protections/protection.view';
import {
  findMediaItem,
  listMediaItems,
  listSeasons,
  listVersions,
  type MediaItemFilters,
  type MediaItemRecord,
} from './media-items.repository';
import { seasonsView, summaryView, versionView } from './media-item.view';

/** Everything one item has is far below this; a bound all the same. */
const PARTS_LIMIT = { limit: 1000, offset: 0 };

/**
 * The media browser (internal-api.md 8): movies and series as cleanup knows them from catalog's
 * media facts, with their candidates and active protections, all from cleanup's own data.
 * `candidates`: whether the caller has Candidates-page access (else candidates are left out).
 */
export class MediaItemService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list(filters: MediaItemFilters, paging: Paging, candidates: boolean) {
    const now = this.deps.clock();
    const { records, total } = await listMediaItems(
      this.deps.db,
      filters,
      limitOffset(paging),
      now,
    );
    return pageOf(
      records.map((record) => summaryView(record, candidates)),
      total,
      paging,
    );
  }

  async get(mediaType: MediaType, mediaId: number, candidates: boolean) {
    const { db, clock } = this.deps;
    const now = clock();
    const item = await findMediaItem(db, mediaType, mediaId, now);
    if (!item) throw new NotFound(`The ${mediaType} ${mediaId} was not found.`);
    const [parts, candidateRecords, protections] = await Promise.all([
      this.parts(item),
      candidates
        ? listCandidates(db, { mediaType, mediaId }, PARTS_LIMIT, now)
        : { records: [], total: 0 },
      listProtections(db, { mediaType, mediaId, activeOnly: true }, PARTS_LIMIT, now),
    ]);
    return {
      ...summaryView(item, candidates),
      ...parts,
      candidates: candidateRecords.records.map((record) => candidateView(record, now)),
      protections: protections.records.map((record) => protectionView(record, now)),
    };
  }

  private async parts(item: MediaItemRecord) {
    if (item.mediaType === 'movie') {
      return {
        versions: (await listVersions(this.deps.db, item.mediaId)).map(versionView),
        seasons: [],
      };
    }
    return { versions: [], seasons: seasonsView(await listSeasons(this.deps.db, item.mediaId)) };
  }
}
