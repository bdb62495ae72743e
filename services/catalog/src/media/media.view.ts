import type { ExternalApi } from '@mcs/contracts';
import { isoOrNull } from '@mcs/kit';
import type { MediaKind } from '../domain/media-query';
import type { MediaRow } from './media.repository';

export type MediaWire = ExternalApi.components['schemas']['Media'];

/**
 * The external Media schema (external-api.md 2.6). Built field by field from what may leave
 * the service: no path, no server address, no credential can slip in through a new column.
 */
export function mediaView(kind: MediaKind, row: MediaRow): MediaWire {
  return {
    id: Number(row.id),
    media_type: kind,
    title: row.title,
    year: row.year,
    tmdb_id: row.tmdb_id,
    imdb_id: row.imdb_id,
    tvdb_id: kind === 'series' ? row.tvdb_id : null,
    status: row.status,
    size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
    poster_url: row.poster_url,
    genres: row.genres,
    is_monitored: row.is_monitored,
    added_at: isoOrNull(row.added_at),
    arr_added_at: isoOrNull(row.arr_added_at),
    last_viewed_at: isoOrNull(row.last_viewed_at),
    view_count: row.view_count,
    removed_at: isoOrNull(row.removed_at),
    candidate_ids: row.candidate_ids.map(Number),
    protection_ids: row.protection_ids.map(Number),
  };
}
