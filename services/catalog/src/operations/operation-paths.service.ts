import { NotFound } from '@mcs/kit';
import type { Db } from '../db';
import { operationPath } from './file-operation.repository';

export interface OperationPaths {
  path: string | null;
  local_path: string | null;
  destination_path: string | null;
}

/**
 * The path values of one file operation, for webhook templates rendered at send time
 * (events-webhooks.md 3.3, architecture.md): `path` as the main media server knows it,
 * `local_path` the same through the path mappings (null when none covers it) and
 * `destination_path` where a move put it (null otherwise); templates fall back (path_mode).
 */
export class OperationPathsService {
  constructor(private readonly deps: { db: Db }) {}

  async get(operationId: number): Promise<OperationPaths> {
    const found = await operationPath(this.deps.db, operationId);
    if (!found) throw new NotFound(`No file operation ${operationId}.`);
    return {
      path: found.path,
      local_path: found.localPath,
      destination_path: found.destinationPath,
    };
  }
}
