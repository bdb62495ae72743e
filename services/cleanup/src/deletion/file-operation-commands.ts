import type { Outbox } from '@mcs/kit';
import type { OperationPlan } from '../domain/deletion/operation-plan';
import type { Target } from '../domain/target';
import type { Tx } from '../db';

export interface OperationCommand {
  operationId: number;
  target: Target;
  candidateId: number | null;
  plan: OperationPlan;
}

/**
 * Asks catalog to execute file operations (catalog.file_operation.execute), in the transaction
 * that records them: an operation is never queued without its command, nor sent without its
 * row. Catalog answers each with media.file_operation_completed.
 */
export class FileOperationCommands {
  constructor(private readonly outbox: Outbox) {}

  async execute(
    tx: Tx,
    commands: OperationCommand[],
    trigger: 'auto' | 'manual' | 'delete_request' = 'auto',
    requestedBy: { type: 'system' | 'user'; id: number | null } = { type: 'system', id: null },
  ): Promise<void> {
    for (const { operationId, target: c, candidateId, plan } of commands)
      await this.outbox.add(tx, 'catalog.file_operation.execute', {
        operation_id: operationId,
        candidate_id: candidateId,
        kind: plan.kind,
        trigger,
        target: {
          scope: c.scope,
          media_type: c.mediaType,
          media_id: c.mediaId,
          movie_version_id: c.movieVersionId,
          season_id: c.seasonId,
          episode_id: c.episodeId,
        },
        arr_action: plan.arrAction,
        media_server_action: plan.mediaServerAction,
        allowed_arr_service_ids: plan.allowedArrServiceIds,
        add_import_exclusion: plan.addImportExclusion,
        requested_by: requestedBy,
      });
  }
}
