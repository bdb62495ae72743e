/** Radarr MovieResource → ArrMovie (§1.2 arr fields, §2.12 dates). */
import type { ArrMovie } from '../arr/records';
import { toArrFile } from '../arr/shared';
import type { DateSanitiser } from '../dates';
import { imdbIdOf, tmdbIdOf } from '../ids';
import type { RadarrMovieResource } from './api-types';

export function toArrMovie(movie: RadarrMovieResource, dates: DateSanitiser): ArrMovie {
  const file = movie.movieFile ? toArrFile(movie.movieFile, dates) : null;
  return {
    externalId: movie.id,
    tmdbId: tmdbIdOf(movie.tmdbId),
    imdbId: imdbIdOf(movie.imdbId),
    title: movie.title,
    // Radarr uses 0 for "unknown year".
    year: movie.year !== null && movie.year > 0 ? movie.year : null,
    monitored: movie.monitored,
    tagIds: movie.tags,
    addedAt: dates.event('arr_added_at', movie.added),
    hasFile: movie.hasFile ?? file !== null,
    file,
  };
}
