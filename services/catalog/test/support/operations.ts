import { waitFor } from '@mcs/kit/testing';
import type { OperationCommand } from '../../src/operations/operation-intake';
import type { World } from './world';

/** File-operation commands as cleanup sends them, and waiting for their outcome. */
let operationIds = 100;

export function deleteCommand(
  target: Partial<OperationCommand['target']>,
  overrides: Partial<OperationCommand> = {},
): OperationCommand {
  return {
    operation_id: ++operationIds,
    candidate_id: 900 + operationIds,
    kind: 'delete',
    trigger: 'auto',
    target: {
      scope: 'movie',
      media_type: 'movie',
      media_id: 0,
      movie_version_id: null,
      season_id: null,
      episode_id: null,
      ...target,
    },
    arr_action: 'delete',
    media_server_action: 'delete',
    allowed_arr_service_ids: null,
    add_import_exclusion: true,
    requested_by: { type: 'system', id: null },
    ...overrides,
  };
}

/** The operation's row once it succeeded, failed or was canceled. */
export function finishedOperation(world: World, operationId: number) {
  return waitFor(
    async () => {
      const row = await world.service.db.fileOperation.findUnique({
        where: { operationId: BigInt(operationId) },
      });
      return row && ['succeeded', 'failed', 'canceled'].includes(row.status) ? row : undefined;
    },
    { timeoutMs: 20_000, what: `operation ${operationId}` },
  );
}
