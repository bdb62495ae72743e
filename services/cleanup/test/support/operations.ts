import type { MessagePayload } from '@mcs/contracts';
import type { World } from './world';

/** The file-operation commands cleanup sends catalog, and catalog's answers to them (6.3-6.8). */
export type OperationCommand = MessagePayload<'catalog.file_operation.execute'>;
type Completed = MessagePayload<'media.file_operation_completed'>;

/** Every catalog.file_operation.execute cleanup committed, in order (outbox rows are kept). */
export async function sentOperations(
  cleanup: Pick<World['service'], 'db'>,
): Promise<OperationCommand[]> {
  const rows = await cleanup.db.$queryRaw<{ payload: OperationCommand }[]>`
    SELECT payload FROM outbox WHERE routing_key = 'catalog.file_operation.execute' ORDER BY id`;
  return rows.map((row) => row.payload);
}

/**
 * catalog's answer to `command` as Radarr deleted (or failed to delete) one 20 GB file: a
 * verified success, or a failure with `failureReason`.
 */
export function operationCompleted(
  command: OperationCommand,
  outcome: 'succeeded' | 'failed',
  failureReason = 'http_500',
): Completed {
  const at = new Date().toISOString();
  return {
    operation_id: command.operation_id,
    candidate_id: command.candidate_id,
    kind: command.kind,
    outcome,
    failure_reason: outcome === 'failed' ? failureReason : null,
    verified: outcome === 'succeeded',
    route: {
      service_type: 'radarr',
      service_config_id: 4,
      arr_action: 'delete',
      import_exclusion: true,
    },
    files: [
      {
        file_name: 'Film.mkv',
        size_bytes: 20_000_000_000,
        resolution: '1080p',
        video_codec: 'hevc',
        hdr: false,
        dolby_vision: false,
      },
    ],
    bytes_freed: outcome === 'succeeded' ? 20_000_000_000 : null,
    attempt_log: [{ at, call: 'radarr DELETE /api/v3/movie/{id}', outcome: 'ok' }],
    warnings: [],
    started_at: at,
    finished_at: at,
  };
}
