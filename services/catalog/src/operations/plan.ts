/**
 * Routing of a file operation (domain.md 6.5) as a pure decision: which instance acts, the
 * calls of the Arr action matrix, the checks that prove the effect (6.7), and what leaves the
 * library when they pass. Anything not proven to be exactly the target fails closed.
 */
import type { PathMapping } from '../domain/move-paths';
import type { MoveFile } from './file-move';
import type { OperationCommand } from './operation-intake';
import { planMove } from './move-plan';
import type { ArrHolder, TargetState } from './target.repository';

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
}

export interface PlanContext {
  fallbackEnabled: boolean;
  mainServer: { id: number; type: 'jellyfin' | 'emby' | 'plex' } | null;
  /** The general settings of moves (domain.md 6.6). */
  move: { movies: string | null; series: string | null; mappings: readonly PathMapping[] };
}

export function planOperation(
  command: OperationCommand,
  state: TargetState,
  context: PlanContext,
): Plan | { failure: string } {
  const scope = command.target.scope;
  if (scope !== 'movie' && scope !== 'version') {
    const inside = new Set(state.episodeIds);
    if (state.files.some((file) => file.episodeIds.some((id) => !inside.has(id))))
      return { failure: 'shared_episode_file' };
  }
  if (command.allowed_arr_service_ids?.length === 0) return { failure: 'target_conflict' };
  const holders = allowedHolders(command, state);
  if (command.kind === 'move') return planMove(command, state, holders, context);
  if (holders.length > 0) {
    const plans = holders.map((holder) =>
      holder.serviceType === 'radarr'
        ? radarrPlan(command, state, holder)
        : sonarrPlan(command, state, holder),
    );
    return merge(plans);
  }
  return serverPlan(command, state, context);
}

/** The enabled Radarr/Sonarr instances holding the target that the command lets act. */
function allowedHolders(command: OperationCommand, state: TargetState): ArrHolder[] {
  return state.holders.filter(
    (holder) =>
      holder.enabled &&
      (command.allowed_arr_service_ids === null ||
        command.allowed_arr_service_ids.includes(holder.serviceConfigId)),
  );
}

function radarrPlan(command: OperationCommand, state: TargetState, holder: ArrHolder): Plan {
  const serviceId = holder.serviceConfigId;
  const movieId = holder.arrId;
  const action = command.arr_action;
  const wholeMovie = command.target.scope === 'movie' || state.otherLiveFiles === 0;
  const base = { system: 'radarr' as const, serviceId };
  const route = (exclusion: boolean): Route => ({
    service_type: 'radarr',
    service_config_id: serviceId,
    arr_action: action,
    import_exclusion: exclusion,
  });
  if (action === 'unmonitor_only')
    return {
      route: route(false),
      steps: [{ ...base, call: 'unmonitorMovie', movieId }],
      checks: [{ ...base, check: 'movieUnmonitored', movieId }],
      removesFiles: false,
      removesItem: false,
    };
  if (action === 'delete' && wholeMovie)
    return {
      route: route(command.add_import_exclusion),
      steps: [
        {
          ...base,
          call: 'deleteMovie',
          movieId,
          exclusion: command.add_import_exclusion,
          deleteFiles: true,
        },
      ],
      checks: [{ ...base, check: 'movieGone', movieId }],
      removesFiles: true,
      removesItem: true,
    };
  const fileSteps = holder.fileIds.map((fileId) => ({
    ...base,
    call: 'deleteMovieFile' as const,
    fileId,
  }));
  const fileChecks = holder.fileIds.map((fileId) => ({
    ...base,
    check: 'fileGone' as const,
    movieId,
    fileId,
  }));
  const unmonitor = action === 'unmonitor';
  return {
    route: route(false),
    steps: [
      ...fileSteps,
      ...(unmonitor ? [{ ...base, call: 'unmonitorMovie' as const, movieId }] : []),
    ],
    checks: [
      ...fileChecks,
      ...(unmonitor ? [{ ...base, check: 'movieUnmonitored' as const, movieId }] : []),
    ],
    removesFiles: true,
    removesItem: false,
  };
}

function sonarrPlan(command: OperationCommand, state: TargetState, holder: ArrHolder): Plan {
  const serviceId = holder.serviceConfigId;
  const seriesId = holder.arrId;
  const action = command.arr_action;
  const scope = command.target.scope;
  const base = { system: 'sonarr' as const, serviceId };
  const route = (exclusion: boolean): Route => ({
    service_type: 'sonarr',
    service_config_id: serviceId,
    arr_action: action,
    import_exclusion: exclusion,
  });
  const { step: unmonitorStep, check: unmonitorCheck } = sonarrUnmonitor(command, state, holder);
  if (action === 'unmonitor_only')
    return {
      route: route(false),
      steps: [unmonitorStep],
      checks: [unmonitorCheck],
      removesFiles: false,
      removesItem: false,
    };
  if (action === 'delete' && scope === 'series')
    return {
      route: route(command.add_import_exclusion),
      steps: [
        {
          ...base,
          call: 'deleteSeries',
          seriesId,
          exclusion: command.add_import_exclusion,
          deleteFiles: true,
        },
      ],
      checks: [{ ...base, check: 'seriesGone', seriesId }],
      removesFiles: true,
      removesItem: true,
    };
  // Sonarr cannot remove a season or episode entry: delete and unmonitor both unmonitor.
  const steps: Step[] =
    holder.fileIds.length > 0
      ? [{ ...base, call: 'deleteEpisodeFiles', fileIds: holder.fileIds }]
      : [];
  const checks: Check[] =
    holder.fileIds.length > 0 ? [{ ...base, check: 'filesGone', fileIds: holder.fileIds }] : [];
  steps.push(unmonitorStep);
  checks.push(unmonitorCheck);
  if (scope === 'series') {
    steps.push({ ...base, call: 'unmonitorSeasons', seriesId, seasons: state.seasonNumbers });
    checks.push({ ...base, check: 'seasonsUnmonitored', seriesId, seasons: state.seasonNumbers });
  }
  return { route: route(false), steps, checks, removesFiles: true, removesItem: false };
}

function serverPlan(
  command: OperationCommand,
  state: TargetState,
  context: PlanContext,
): Plan | { failure: string } {
  const main = context.mainServer;
  if (
    command.arr_action === 'unmonitor_only' ||
    command.media_server_action !== 'delete' ||
    !context.fallbackEnabled ||
    !main
  )
    return { failure: 'no_route' };
  const base = { system: 'server' as const, serviceId: main.id };
  const route: Route = {
    service_type: main.type,
    service_config_id: main.id,
    arr_action: null,
    import_exclusion: false,
  };
  const scope = command.target.scope;
  const wholeItem =
    scope === 'movie' || scope === 'series' || (scope === 'version' && state.otherLiveFiles === 0);
  const itemId = wholeItem || scope === 'version' ? state.itemServerId : state.partServerId;
  if (!itemId) return { failure: 'no_route' };
  if (scope === 'version' && !wholeItem) {
    const fileId = state.files[0]?.serverFileId;
    // On Jellyfin the first version's source id is the movie's own id: deleting it would
    // delete every version, which is not what was asked.
    if (!fileId || fileId === itemId) return { failure: 'target_conflict' };
    return {
      route,
      steps: [{ ...base, call: 'deleteFile', itemId, fileId }],
      checks: [{ ...base, check: 'fileGone', itemId, fileId }],
      removesFiles: true,
      removesItem: false,
    };
  }
  return {
    route,
    steps: [{ ...base, call: 'deleteItem', itemId }],
    checks: [{ ...base, check: 'itemGone', itemId }],
    removesFiles: true,
    removesItem: wholeItem,
  };
}

/** Sonarr's unmonitor of the target's scope: the series, its seasons, or its episodes. */
export function sonarrUnmonitor(
  command: OperationCommand,
  state: TargetState,
  holder: ArrHolder,
): { step: Step; check: Check } {
  const base = { system: 'sonarr' as const, serviceId: holder.serviceConfigId };
  const seriesId = holder.arrId;
  switch (command.target.scope) {
    case 'series':
      return {
        step: { ...base, call: 'unmonitorSeries', seriesId },
        check: { ...base, check: 'seriesUnmonitored', seriesId },
      };
    case 'season':
      return {
        step: { ...base, call: 'unmonitorSeasons', seriesId, seasons: state.seasonNumbers },
        check: { ...base, check: 'seasonsUnmonitored', seriesId, seasons: state.seasonNumbers },
      };
    case 'episode':
    case 'movie':
    case 'version':
      return {
        step: { ...base, call: 'unmonitorEpisodes', seriesId, episodeIds: holder.episodeIds },
        check: { ...base, check: 'episodesUnmonitored', seriesId, episodeIds: holder.episodeIds },
      };
  }
}

/** Several allowed instances hold the target: each acts; the first is reported as route. */
function merge(plans: Plan[]): Plan {
  const [first] = plans as [Plan];
  return {
    route: first.route,
    steps: plans.flatMap((plan) => plan.steps),
    checks: plans.flatMap((plan) => plan.checks),
    removesFiles: first.removesFiles,
    removesItem: plans.every((plan) => plan.removesItem),
  };
}
