/**
 * A read-only view of the current library for tests and tools: what each system should report
 * for an item, with the ids each system uses for it.
 */
import { JF, jfId, PLEX, plexKey } from './http/ids';
import type { LibraryState } from './library/state';

export interface MovieView {
  index: number;
  title: string;
  year: number;
  tmdbId: number;
  imdbId: string;
  radarrId: number;
  jellyfinId: string;
  plexRatingKey: string;
  /** Paths of the files on the media server; the first is the one Radarr knows. */
  paths: string[];
  fileIds: number[];
  onServer: boolean;
  inRadarr: boolean;
}

export interface SeriesView {
  index: number;
  title: string;
  tmdbId: number;
  tvdbId: number;
  sonarrId: number;
  jellyfinId: string;
  onServer: boolean;
  inSonarr: boolean;
}

export function libraryView(state: LibraryState) {
  const { catalog } = state;
  const seed = catalog.seed;
  return {
    options: state.options,
    jellyfinLibraryIds: { movies: jfId(seed, JF.library, 0), shows: jfId(seed, JF.library, 1) },
    jellyfinUserId: (user: number) => jfId(seed, JF.user, user),
    movie(index: number): MovieView {
      const movie = catalog.movie(index);
      const files = state.movieFiles(index);
      return {
        index,
        title: movie.title,
        year: movie.year,
        tmdbId: movie.tmdbId,
        imdbId: movie.imdbId,
        radarrId: index + 1,
        jellyfinId: jfId(seed, JF.movie, index),
        plexRatingKey: String(plexKey(PLEX.movie, index)),
        paths: files.map((file) => catalog.moviePath(movie, file.label)),
        fileIds: files.map((file) => file.fileId),
        onServer: state.movieOnServer(index),
        inRadarr: state.movieInRadarr(index),
      };
    },
    series(index: number): SeriesView {
      const series = catalog.series(index);
      return {
        index,
        title: series.title,
        tmdbId: series.tmdbId,
        tvdbId: series.tvdbId,
        sonarrId: index + 1,
        jellyfinId: jfId(seed, JF.series, index),
        onServer: state.seriesOnServer(index),
        inSonarr: state.seriesInSonarr(index),
      };
    },
    episodePath(index: number): string | null {
      const file = state.episodeFile(index);
      return file ? catalog.episodePath(catalog.episode(index), file.label) : null;
    },
    counts() {
      return {
        movies: state.movieCount,
        serverMovies: state.serverMovies.length,
        radarrMovies: state.radarrMovies.length,
        series: state.options.series,
        serverEpisodes: state.serverEpisodes.length,
      };
    },
  };
}

export type LibraryView = ReturnType<typeof libraryView>;
