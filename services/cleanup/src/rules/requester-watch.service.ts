import type { InternalApi } from '@mcs/contracts';
import { type Clock, NotFound } from '@mcs/kit';
import type { Db } from '../db';
import { serverName } from '../domain/rules/inputs';
import { REPORT_CAP } from '../domain/rules/requester-watch';
import { spanOf } from '../domain/rules/target-facts-series';
import { requesterWatchFor, rootWatch, type WatchSpan } from '../domain/rules/watch-facts';
import type { MediaType } from '../domain/target';
import { liveRootByTmdbId } from '../projection/target-facts.repository';
import type { SourceStatusWire } from '../sources/source-status.repository';
import { isStale, type SourceStatusService } from '../sources/source-status.service';

type Report = InternalApi.components['schemas']['RequesterWatchReport'];

export interface ExplainQuery {
  mediaType: MediaType;
  tmdbId: number;
  scope: 'movie' | 'series' | 'season' | 'episode';
  seasonNumber?: number;
  episodeNumber?: number;
}

/**
 * `GET /api/rules/requester-watch-explain` (domain.md 10): the scan's own computation of
 * `seerr.requester_has_watched` for one target, reported in full. The verdict is gated on the
 * Seerr and playback sources exactly as the evaluator gates the field (2.13), so it is the
 * verdict a scan reaches now.
 */
export class RequesterWatchService {
  constructor(private readonly deps: { db: Db; clock: Clock; sourceStatus: SourceStatusService }) {}

  async explain(query: ExplainQuery): Promise<Report> {
    const now = this.deps.clock();
    const root = await liveRootByTmdbId(this.deps.db, query.mediaType, query.tmdbId);
    if (!root) throw new NotFound(`No live ${query.mediaType} has TMDB id ${query.tmdbId}.`);
    const span: WatchSpan | null =
      root.mediaType === 'movie'
        ? { scope: 'movie', movieId: root.mediaId }
        : spanOf(root, { ...query, scope: query.scope === 'movie' ? 'series' : query.scope });
    if (!span) throw new NotFound(notFound(query));
    const result = requesterWatchFor(rootWatch(root.inputs, now), span);
    const { statuses, availability } = await this.deps.sourceStatus.current();
    const unable = statuses.filter(
      (status) =>
        status.source === 'playback' && (status.state === 'unavailable' || isStale(status, now)),
    );
    const gated = !availability.seerr || !availability.playback;
    const verdict = gated ? 'unknown' : result.verdict;
    return {
      media_type: query.mediaType,
      tmdb_id: query.tmdbId,
      media_id: root.mediaId,
      title: root.facts.title,
      target_scope: span.scope,
      season_number: span.scope === 'movie' ? null : span.seasonNumber,
      episode_number:
        span.scope === 'episode' ? (span.episodes[0]?.row.episodeNumber ?? null) : null,
      value: verdict === 'watched' ? true : verdict === 'not_watched' ? false : null,
      verdict,
      reason: gated ? gatedReason(availability.seerr) : result.reason,
      sources: statuses.flatMap(({ source, ...status }) =>
        source === 'seerr' || source === 'playback'
          ? [
              {
                source,
                service_config_id: status.service_config_id,
                name: nameOf(status),
                state: status.state,
                last_success_at: status.last_success_at,
              },
            ]
          : [],
      ),
      episodes_required: {
        count: result.required.length,
        items: result.required.slice(0, REPORT_CAP).flatMap((item) =>
          item.episodeId !== null && item.seasonNumber !== null && item.episodeNumber !== null
            ? [
                {
                  episode_id: item.episodeId,
                  season_number: item.seasonNumber,
                  episode_number: item.episodeNumber,
                  air_date: item.airDate,
                },
              ]
            : [],
        ),
      },
      requesters: result.requesters,
      servers_unable_to_report: unable.map((status) => ({
        service_config_id: status.service_config_id,
        server_name: nameOf(status),
        reason: status.state === 'unavailable' ? (status.reason ?? 'unavailable') : 'stale',
      })),
    };
  }
}

const nameOf = (status: Pick<SourceStatusWire, 'service_type' | 'service_config_id'>) =>
  status.service_config_id === null
    ? null
    : serverName(status.service_type, status.service_config_id);

function gatedReason(seerr: boolean): string {
  return seerr
    ? 'Playback data is unavailable or stale on some media server: the scan treats the answer as unknown.'
    : 'Seerr data is unavailable or stale: the scan treats the answer as unknown.';
}

function notFound(query: ExplainQuery): string {
  return query.scope === 'season'
    ? `The series has no season ${query.seasonNumber}.`
    : `The series has no episode S${query.seasonNumber}E${query.episodeNumber} with a file.`;
}
