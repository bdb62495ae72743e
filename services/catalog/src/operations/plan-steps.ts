/**
 * The shape of a file operation's plan (domain.md 6.5-6.7): the calls it makes, the checks
 * that prove their effect, the route reported to cleanup, and what it takes from the library.
 */
import type { PathMapping } from '../domain/move-paths';
import type { MoveFile } from './file-move';
import type { OperationCommand } from './operation-intake';

type ArrAction = OperationCommand['arr_action'];

export type Step =
  | {
      system: 'radarr';
      serviceId: number;
      call: 'deleteMovie';
      movieId: number;
      exclusion: boolean;
      /** False for a move: the files are already elsewhere. */
      deleteFiles: boolean;
    }
  | { system: 'radarr'; serviceId: number; call: 'deleteMovieFile'; fileId: number }
  | { system: 'radarr'; serviceId: number; call: 'unmonitorMovie'; movieId: number }
  | {
      system: 'sonarr';
      serviceId: number;
      call: 'deleteSeries';
      seriesId: number;
      exclusion: boolean;
      deleteFiles: boolean;
    }
  | { system: 'sonarr'; serviceId: number; call: 'deleteEpisodeFiles'; fileIds: number[] }
  | { system: 'sonarr'; serviceId: number; call: 'unmonitorSeries'; seriesId: number }
  | {
      system: 'sonarr';
      serviceId: number;
      call: 'unmonitorSeasons';
      seriesId: number;
      seasons: number[];
    }
  | {
      system: 'sonarr';
      serviceId: number;
      call: 'unmonitorEpisodes';
      seriesId: number;
      episodeIds: number[];
    }
  | { system: 'server'; serviceId: number; call: 'deleteFile'; itemId: string; fileId: string }
  | { system: 'server'; serviceId: number; call: 'deleteItem'; itemId: string }
  | { system: 'fs'; call: 'moveFiles'; files: MoveFile[]; folders: string[] }
  | { system: 'radarr'; serviceId: number; call: 'rescanMovie'; movieId: number }
  | { system: 'sonarr'; serviceId: number; call: 'rescanSeries'; seriesId: number }
  | {
      system: 'server';
      serviceId: number;
      call: 'refreshPaths';
      /** The server's ids of the item's libraries, and the paths (as it knows them) now gone. */
      libraryIds: string[];
      paths: string[];
    };

export type Check =
  | {
      system: 'radarr';
      serviceId: number;
      check: 'movieGone' | 'movieUnmonitored';
      movieId: number;
    }
  | { system: 'radarr'; serviceId: number; check: 'fileGone'; movieId: number; fileId: number }
  | {
      system: 'sonarr';
      serviceId: number;
      check: 'seriesGone' | 'seriesUnmonitored';
      seriesId: number;
    }
  | { system: 'sonarr'; serviceId: number; check: 'filesGone'; fileIds: number[] }
  | {
      system: 'sonarr';
      serviceId: number;
      check: 'seasonsUnmonitored';
      seriesId: number;
      seasons: number[];
    }
  | {
      system: 'sonarr';
      serviceId: number;
      check: 'episodesUnmonitored';
      seriesId: number;
      episodeIds: number[];
    }
  | { system: 'server'; serviceId: number; check: 'itemGone'; itemId: string }
  | { system: 'server'; serviceId: number; check: 'fileGone'; itemId: string; fileId: string }
  | { system: 'fs'; check: 'moved'; files: MoveFile[] };

export interface Route {
  service_type: 'radarr' | 'sonarr' | 'jellyfin' | 'emby' | 'plex';
  service_config_id: number;
  arr_action: ArrAction | null;
  import_exclusion: boolean;
}

export interface Plan {
  route: Route;
  steps: Step[];
  checks: Check[];
  /** On success the target's files leave the library; `removesItem`: the movie/series too. */
  removesFiles: boolean;
  removesItem: boolean;
  /** The files as catalog reaches them (null: unmapped) and a move's destinations. */
  local?: { sources: string[] | null; destinations: string[] | null };
}

export interface PlanContext {
  fallbackEnabled: boolean;
  mainServer: { id: number; type: 'jellyfin' | 'emby' | 'plex' } | null;
  /** The general settings of moves (domain.md 6.6). */
  move: { movies: string | null; series: string | null; mappings: readonly PathMapping[] };
}
