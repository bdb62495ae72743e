/**
 * Routing of a file operation (domain.md 6.5) as a pure decision: which instance acts, the
 * calls of the Arr action matrix, the checks that prove the effect (6.7), and what leaves the
 * library when they pass. Anything not proven to be exactly the target fails closed.
 */
import { mapPath } from '../domain/move-paths';
import type { OperationCommand } from './operation-intake';
import { planMove } from './move-plan';
import type { Check, Plan, PlanContext, Route, Step } from './plan-steps';
import { sonarrUnmonitor } from './sonarr-unmonitor';
import type { ArrHolder, TargetState } from './target.repository';

export type { Check, Plan, PlanContext, Route, Step } from './plan-steps';

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
  return withLocalPaths(routed(command, state, holders, context), state, context);
}

function routed(
  command: OperationCommand,
  state: TargetState,
  holders: ArrHolder[],
  context: PlanContext,
): Plan | { failure: string } {
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

/** The target's files through the path mappings, for webhook templates ({local_path}). */
function withLocalPaths(
  plan: Plan | { failure: string },
  state: TargetState,
  context: PlanContext,
): Plan | { failure: string } {
  if ('failure' in plan) return plan;
  const mapped = state.files.map((file) =>
    mapPath(file.path, context.mainServer?.id ?? null, context.move.mappings),
  );
  const sources = mapped.every((path) => path !== null) ? mapped : null;
  return { ...plan, local: { sources, destinations: null } };
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
