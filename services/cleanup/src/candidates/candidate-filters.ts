import type { Input } from '@mcs/kit';
import { AUTO_DELETE_STATES } from '../domain/auto-delete';
import type { CandidateFilters } from './candidate-query.repository';
import { MEDIA_TYPES } from '../targets/target-input';

/** The filters both candidate lists take (external-api.md 2.3, internal-api.md 8). */
export function readCandidateFilters(query: Input): CandidateFilters {
  return {
    mediaType: query.oneOf('media_type', MEDIA_TYPES),
    tmdbId: query.int('tmdb_id', { min: 1 }),
    ruleId: query.int('rule_id', { min: 1 }),
    seriesId: query.int('series_id', { min: 1 }),
    seasonNumber: query.int('season_number', { min: 0, max: 100_000 }),
    episodeNumber: query.int('episode_number', { min: 0, max: 100_000 }),
    autoDeleteState: query.oneOf('auto_delete_state', AUTO_DELETE_STATES),
  };
}
