import type { MessagePayload } from '@mcs/contracts';
import { recordOperation } from './file-operation.repository';
import type { Tx } from '../db';

export type OperationCommand = MessagePayload<'catalog.file_operation.execute'>;

/**
 * Accepts cleanup's file-operation command: one row per operation id, written with the inbox
 * record. A redelivered message is dropped by the inbox; the same operation sent again in a
 * new message finds its row, so neither ever reaches the external service twice.
 */
export class OperationIntake {
  accept(tx: Tx, command: OperationCommand): Promise<boolean> {
    return recordOperation(tx, {
      operationId: command.operation_id,
      candidateId: command.candidate_id,
      kind: command.kind,
      command,
    });
  }
}
