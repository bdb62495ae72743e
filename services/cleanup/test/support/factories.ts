import type { Db } from '../../src/db';
import type { Target } from '../../src/domain/target';
import { upsertCandidate } from '../../src/candidates/candidate-upsert.repository';
import { upsertMediaItems } from '../../src/projection/media.repository';
import { movieFacts, seriesFacts } from './facts';

/** Factories writing real rows through the service's own repositories (STYLE 13). */
export type Movie = ReturnType<typeof movieFacts>;
export type Series = ReturnType<typeof seriesFacts>;

export async function newMovie(db: Db, options: Parameters<typeof movieFacts>[0] = {}) {
  const facts = movieFacts(options);
  await db.$transaction((tx) => upsertMediaItems(tx, [facts]));
  return facts;
}

export async function newSeries(db: Db, options: Parameters<typeof seriesFacts>[0] = {}) {
  const facts = seriesFacts(options);
  await db.$transaction((tx) => upsertMediaItems(tx, [facts]));
  return facts;
}

const base = { movieVersionId: null, seriesId: null, seasonId: null, seasonNumber: null };
const none = { episodeId: null, episodeNumber: null };

export const movieTarget = (movie: Movie): Target => ({
  mediaType: 'movie',
  scope: 'movie',
  mediaId: movie.media_id,
  ...base,
  ...none,
});

export const versionTarget = (movie: Movie, index = 0): Target => ({
  ...movieTarget(movie),
  scope: 'version',
  movieVersionId: movie.versions[index]?.version_id ?? 0,
});

export const seriesTarget = (series: Series): Target => ({
  mediaType: 'series',
  scope: 'series',
  mediaId: series.media_id,
  ...base,
  seriesId: series.media_id,
  ...none,
});

export const seasonTarget = (series: Series, index = 0): Target => {
  const season = series.seasons[index];
  return {
    ...seriesTarget(series),
    scope: 'season',
    seasonId: season?.season_id ?? 0,
    seasonNumber: season?.season_number ?? 0,
  };
};

export const episodeTarget = (series: Series, index = 0): Target => {
  const episode = series.episodes[index];
  return {
    ...seriesTarget(series),
    scope: 'episode',
    seasonId: episode?.season_id ?? 0,
    seasonNumber: episode?.season_number ?? 0,
    episodeId: episode?.episode_id ?? 0,
    episodeNumber: episode?.episode_number ?? 0,
  };
};

export interface CandidateOptions {
  createdAt?: Date;
  configured?: boolean;
  delayDays?: number;
  matchedRuleIds?: number[];
  cancelledAt?: Date | null;
  postponedUntil?: Date | null;
  timerStartedAt?: Date | null;
}

/** A candidate as a scan would create it, with optional timer fields set afterwards. */
export async function newCandidate(db: Db, target: Target, options: CandidateOptions = {}) {
  const createdAt = options.createdAt ?? new Date();
  const { id } = await db.$transaction((tx) =>
    upsertCandidate(
      tx,
      {
        target,
        matchedRuleIds: options.matchedRuleIds ?? [3, 7],
        matchedCriteria: {},
        reason: 'Not watched for 400 days',
        estimatedSpaceBytes: null,
        deleteOperation: 'delete',
        policy: {
          configured: options.configured ?? true,
          delayDays: options.delayDays ?? (target.mediaType === 'movie' ? 14 : 7),
        },
      },
      createdAt,
    ),
  );
  await db.candidate.update({
    where: { id: BigInt(id) },
    data: {
      autoDeleteCancelledAt: options.cancelledAt ?? null,
      autoDeletePostponedUntil: options.postponedUntil ?? null,
      autoDeleteTimerStartedAt: options.timerStartedAt ?? null,
    },
  });
  return id;
}

/** A protection written directly, as any path (including a rule's scan) could have made it. */
export async function newProtection(
  db: Db,
  target: Target,
  options: { source?: 'manual' | 'api' | 'rule'; expiresAt?: Date | null; createdAt?: Date } = {},
) {
  const source = options.source ?? 'manual';
  const at = options.createdAt ?? new Date();
  const row = await db.protection.create({
    data: {
      mediaType: target.mediaType,
      scope: target.scope,
      mediaId: BigInt(target.mediaId),
      movieVersionId: big(target.movieVersionId),
      seriesId: big(target.seriesId),
      seasonId: big(target.seasonId),
      seasonNumber: target.seasonNumber,
      episodeId: big(target.episodeId),
      episodeNumber: target.episodeNumber,
      source,
      sourceRuleId: source === 'rule' ? 9n : null,
      sourceRuleName: source === 'rule' ? 'Keep favourites' : null,
      reason: `A ${source} protection`,
      permanent: !options.expiresAt,
      expiresAt: options.expiresAt ?? null,
      createdByType: source === 'rule' ? 'system' : 'user',
      createdById: source === 'rule' ? null : 1n,
      createdAt: at,
      updatedAt: at,
    },
  });
  return Number(row.id);
}

/** A delete (or other) file operation on a target, pending unless told otherwise. */
export async function newFileOperation(
  db: Db,
  target: Target,
  status: 'queued' | 'running' | 'verifying' | 'succeeded' = 'queued',
) {
  await db.fileOperation.create({
    data: {
      mediaType: target.mediaType,
      scope: target.scope,
      mediaId: BigInt(target.mediaId),
      movieVersionId: big(target.movieVersionId),
      seasonId: big(target.seasonId),
      episodeId: big(target.episodeId),
      kind: 'delete',
      status,
    },
  });
}

const big = (value: number | null) => (value === null ? null : BigInt(value));
