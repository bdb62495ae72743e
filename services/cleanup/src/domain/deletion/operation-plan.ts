import type { ArrAction, MediaServerAction, RuleAction } from '../rules/rule-types';
import type { MediaType } from '../target';

export type OperationKind = 'delete' | 'move' | 'unmonitor' | 'unmonitor_only';

/** What a file operation on a candidate does, combined over its matched rules (domain.md 3.8). */
export interface OperationPlan {
  kind: OperationKind;
  arrAction: ArrAction;
  mediaServerAction: MediaServerAction;
  /** null: every enabled instance holding the target; []: none may act (target_conflict). */
  allowedArrServiceIds: number[] | null;
  /** Add an import (list) exclusion whenever an Arr entry is removed (domain.md 6.5). */
  addImportExclusion: boolean;
}

/** What general settings (domain.md 11) give every plan, or decide where no rule does. */
export interface OperationDefaults {
  /** `default_arr_action`: the Arr action of an operation no matched rule decides (3.8). */
  arrAction: ArrAction;
  /** `arr_add_import_exclusion` (6.5). */
  addImportExclusion: boolean;
}

export function operationDefaults(settings: {
  default_arr_action: ArrAction;
  arr_add_import_exclusion: boolean;
}): OperationDefaults {
  return {
    arrAction: settings.default_arr_action,
    addImportExclusion: settings.arr_add_import_exclusion,
  };
}

const CONSERVATISM: Readonly<Record<ArrAction, number>> = {
  delete: 0,
  unmonitor: 1,
  unmonitor_only: 2,
};

/**
 * The plan of a candidate's operation from its enabled matched candidate rules: the most
 * conservative Arr action, `none` for the media server if any rule says so, `move` if any rule
 * moves, and the intersection of the non-empty instance lists of the media type's Arr. With no
 * matched rule left, the global default Arr action applies.
 */
export function operationPlan(
  mediaType: MediaType,
  rules: readonly Pick<
    RuleAction,
    | 'arr_action'
    | 'media_server_action'
    | 'move_instead_of_delete'
    | 'radarr_service_ids'
    | 'sonarr_service_ids'
  >[],
  deleteOperation: 'delete' | 'move',
  defaults: OperationDefaults,
): OperationPlan {
  const arrAction =
    rules.length === 0
      ? defaults.arrAction
      : rules
          .map((rule) => rule.arr_action ?? 'delete')
          .reduce<ArrAction>((a, b) => (CONSERVATISM[b] > CONSERVATISM[a] ? b : a), 'delete');
  const mediaServerAction = rules.some((rule) => rule.media_server_action === 'none')
    ? 'none'
    : 'delete';
  const lists = rules
    .map((rule) => (mediaType === 'movie' ? rule.radarr_service_ids : rule.sonarr_service_ids))
    .filter((list) => list.length > 0);
  const allowedArrServiceIds =
    lists.length === 0
      ? null
      : lists.reduce<number[]>(
          (kept, list) => kept.filter((id) => list.includes(id)),
          [...(lists[0] ?? [])],
        );
  return {
    kind: operationKind(arrAction, deleteOperation),
    arrAction,
    mediaServerAction,
    allowedArrServiceIds: allowedArrServiceIds?.sort((a, b) => a - b) ?? null,
    addImportExclusion: defaults.addImportExclusion,
  };
}

/** domain.md 6.3: unmonitor_only, else move, else unmonitor, else delete. */
export function operationKind(
  arrAction: ArrAction,
  deleteOperation: 'delete' | 'move',
): OperationKind {
  if (arrAction === 'unmonitor_only') return 'unmonitor_only';
  if (deleteOperation === 'move') return 'move';
  return arrAction === 'unmonitor' ? 'unmonitor' : 'delete';
}
