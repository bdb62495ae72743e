import type { Db } from '../../src/db';

/**
 * Factories writing real rows (STYLE 13): each call makes a distinct item with sensible
 * defaults; tests override what they are about.
 */
let sequence = 0;
const next = () => ++sequence;

export interface MovieOverrides {
  title?: string;
  year?: number | null;
  tmdbId?: number;
  imdbId?: string | null;
  status?: string | null;
  addedAt?: Date | null;
  sizeBytes?: number | null;
  removedAt?: Date | null;
  genres?: string[];
}

export async function newMovie(db: Db, overrides: MovieOverrides = {}) {
  const n = next();
  const row = await db.movie.create({
    data: {
      tmdbId: overrides.tmdbId ?? 900_000 + n,
      imdbId: overrides.imdbId === undefined ? `tt${9_000_000 + n}` : overrides.imdbId,
      title: overrides.title ?? `Factory Movie ${n}`,
      year: overrides.year === undefined ? 2000 + (n % 20) : overrides.year,
      status: overrides.status === undefined ? 'Released' : overrides.status,
      genres: overrides.genres ?? ['Drama'],
      addedAt:
        overrides.addedAt === undefined
          ? new Date(Date.UTC(2024, 0, (n % 28) + 1))
          : overrides.addedAt,
      sizeBytes:
        overrides.sizeBytes === undefined
          ? BigInt(1_000_000 * n)
          : overrides.sizeBytes === null
            ? null
            : BigInt(overrides.sizeBytes),
      removedAt: overrides.removedAt ?? null,
      serverItemId: `factory-movie-${n}`,
    },
  });
  const version = await db.movieVersion.create({
    data: {
      movieId: row.id,
      path: `/srv/media/movies/Factory Movie ${n}/Factory Movie ${n}.mkv`,
      fileName: `Factory Movie ${n}.mkv`,
      sizeBytes: row.sizeBytes,
      fingerprint: `${row.sizeBytes ?? ''}:6000`,
    },
  });
  return {
    id: Number(row.id),
    tmdbId: row.tmdbId,
    title: row.title,
    versionId: Number(version.id),
  };
}

export interface SeriesOverrides extends MovieOverrides {
  tvdbId?: string | null;
}

export async function newSeries(db: Db, overrides: SeriesOverrides = {}) {
  const n = next();
  const row = await db.series.create({
    data: {
      tmdbId: overrides.tmdbId ?? 800_000 + n,
      tvdbId: overrides.tvdbId === undefined ? String(700_000 + n) : overrides.tvdbId,
      imdbId: overrides.imdbId === undefined ? `tt${8_000_000 + n}` : overrides.imdbId,
      title: overrides.title ?? `Factory Series ${n}`,
      year: overrides.year === undefined ? 2010 + (n % 10) : overrides.year,
      status: overrides.status === undefined ? 'Ended' : overrides.status,
      genres: overrides.genres ?? ['Comedy'],
      addedAt:
        overrides.addedAt === undefined
          ? new Date(Date.UTC(2023, 5, (n % 28) + 1))
          : overrides.addedAt,
      sizeBytes:
        overrides.sizeBytes === undefined
          ? BigInt(5_000_000 * n)
          : overrides.sizeBytes === null
            ? null
            : BigInt(overrides.sizeBytes),
      removedAt: overrides.removedAt ?? null,
      serverItemId: `factory-series-${n}`,
    },
  });
  const season = await db.season.create({ data: { seriesId: row.id, seasonNumber: 1 } });
  const file = await db.episodeFile.create({
    data: {
      seriesId: row.id,
      path: `/srv/media/tv/Factory Series ${n}/Season 01/Factory Series ${n} - S01E01.mkv`,
      fileName: `Factory Series ${n} - S01E01.mkv`,
      sizeBytes: row.sizeBytes,
      fingerprint: 'x',
    },
  });
  const episode = await db.episode.create({
    data: {
      seriesId: row.id,
      seasonId: season.id,
      seasonNumber: 1,
      episodeNumber: 1,
      episodeFileId: file.id,
    },
  });
  await db.episodeFile.update({ where: { id: file.id }, data: { episodeIds: [episode.id] } });
  return { id: Number(row.id), tmdbId: row.tmdbId, title: row.title };
}
