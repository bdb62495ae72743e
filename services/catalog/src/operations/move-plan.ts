/**
 * Routing of a move (domain.md 6.6) as a pure decision: the files go first (mapped source →
 * destination), then each allowed Arr instance forgets or unmonitors the item without
 * touching files and rescans, then the main media server refreshes the paths that went.
 * Verified by the filesystem (6.7 "Move") and by the Arr effects asked for.
 */
import { itemFolders, mapPath, moveDestination } from '../domain/move-paths';
import type { MoveFile } from './file-move';
import type { OperationCommand } from './operation-intake';
import type { Check, Plan, PlanContext, Route, Step } from './plan-steps';
import { sonarrUnmonitor } from './sonarr-unmonitor';
import type { ArrHolder, TargetState } from './target.repository';

export function planMove(
  command: OperationCommand,
  state: TargetState,
  holders: ArrHolder[],
  context: PlanContext,
): Plan | { failure: string } {
  const files = movedFiles(command, state, context);
  if ('failure' in files) return files;
  const scope = command.target.scope;
  const wholeItem =
    scope === 'movie' || scope === 'series' || (scope === 'version' && state.otherLiveFiles === 0);
  const route = moveRoute(command, holders, context, wholeItem);
  if (!route) return { failure: 'no_route' };
  const steps: Step[] = [{ system: 'fs', call: 'moveFiles', ...files }];
  const checks: Check[] = [{ system: 'fs', check: 'moved', files: files.files }];
  for (const holder of holders) {
    const arr =
      holder.serviceType === 'radarr'
        ? radarrAfterMove(command, holder, wholeItem)
        : sonarrAfterMove(command, state, holder);
    steps.push(...arr.steps);
    checks.push(...arr.checks);
  }
  const main = context.mainServer;
  if (main)
    steps.push({
      system: 'server',
      serviceId: main.id,
      call: 'refreshPaths',
      libraryIds: state.libraryIds,
      paths: state.files.map((file) => file.path),
    });
  const local = {
    sources: files.files.map((file) => file.source),
    destinations: files.files.map((file) => file.destination),
  };
  return { route, steps, checks, removesFiles: true, removesItem: wholeItem, local };
}

/** Each file's local source and destination, and the item folders it may leave empty. */
function movedFiles(
  command: OperationCommand,
  state: TargetState,
  context: PlanContext,
): { files: MoveFile[]; folders: string[] } | { failure: string } {
  const mediaType = command.target.media_type;
  const root = mediaType === 'movie' ? context.move.movies : context.move.series;
  // Cleanup refuses a move without a destination (422 move_destination_missing); this is
  // one cleared since the command was sent.
  if (!root) return { failure: 'move_failed' };
  if (state.files.length === 0) return { failure: 'source_missing' };
  const files: MoveFile[] = [];
  const folders = new Set<string>();
  for (const file of state.files) {
    const source = mapPath(file.path, context.mainServer?.id ?? null, context.move.mappings);
    const destination = source && moveDestination(source, mediaType, root);
    const item = source && itemFolders(source, mediaType);
    if (!source || !destination || !item) return { failure: 'path_unmapped' };
    // The destination root is the library itself: "moving" would only delete the file.
    if (destination === source) return { failure: 'destination_conflict' };
    files.push({ source, destination });
    for (const folder of item) folders.add(folder);
  }
  const deepestFirst = [...folders].sort((a, b) => b.split('/').length - a.split('/').length);
  return { files, folders: deepestFirst };
}

/** The first allowed Arr instance acts as the route; without one, the main media server. */
function moveRoute(
  command: OperationCommand,
  holders: ArrHolder[],
  context: PlanContext,
  wholeItem: boolean,
): Route | null {
  const [first] = holders;
  // An exclusion is added only where an entry is removed (whole movie or series, `delete`).
  const removesEntry = command.arr_action === 'delete' && wholeItem;
  if (first)
    return {
      service_type: first.serviceType,
      service_config_id: first.serviceConfigId,
      arr_action: command.arr_action,
      import_exclusion: removesEntry && command.add_import_exclusion,
    };
  const main = context.mainServer;
  if (!main) return null;
  return {
    service_type: main.type,
    service_config_id: main.id,
    arr_action: null,
    import_exclusion: false,
  };
}

/**
 * Radarr after its file went: `delete` of the whole movie removes the entry without files
 * (+ exclusion); otherwise `unmonitor` unmonitors; then a rescan so it sees the file gone.
 */
function radarrAfterMove(command: OperationCommand, holder: ArrHolder, wholeMovie: boolean) {
  const base = { system: 'radarr' as const, serviceId: holder.serviceConfigId };
  const movieId = holder.arrId;
  if (command.arr_action === 'delete' && wholeMovie)
    return {
      steps: [
        {
          ...base,
          call: 'deleteMovie' as const,
          movieId,
          exclusion: command.add_import_exclusion,
          deleteFiles: false,
        },
      ],
      checks: [{ ...base, check: 'movieGone' as const, movieId }],
    };
  const unmonitor = command.arr_action === 'unmonitor';
  return {
    steps: [
      ...(unmonitor ? [{ ...base, call: 'unmonitorMovie' as const, movieId }] : []),
      { ...base, call: 'rescanMovie' as const, movieId },
    ],
    checks: unmonitor ? [{ ...base, check: 'movieUnmonitored' as const, movieId }] : [],
  };
}

/** Sonarr: `delete` of a series removes it without files; any other scope is unmonitored. */
function sonarrAfterMove(command: OperationCommand, state: TargetState, holder: ArrHolder) {
  const base = { system: 'sonarr' as const, serviceId: holder.serviceConfigId };
  const seriesId = holder.arrId;
  if (command.arr_action === 'delete' && command.target.scope === 'series')
    return {
      steps: [
        {
          ...base,
          call: 'deleteSeries' as const,
          seriesId,
          exclusion: command.add_import_exclusion,
          deleteFiles: false,
        },
      ] as Step[],
      checks: [{ ...base, check: 'seriesGone' as const, seriesId }] as Check[],
    };
  const unmonitor = sonarrUnmonitor(command, state, holder);
  return {
    steps: [unmonitor.step, { ...base, call: 'rescanSeries' as const, seriesId }] as Step[],
    checks: [unmonitor.check],
  };
}
