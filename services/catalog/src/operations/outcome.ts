/**
 * Records how a file operation ended, in one transaction: its row, on a verified removal the
 * catalog's own record of it (versions / episode files left with cause deleted_by_service,
 * the item soft-removed when its entry went), the media.* events of that, and finally
 * media.file_operation_completed for cleanup.
 */
import type { MessagePayload } from '@mcs/contracts';
import { commonFolder } from '@mcs/kit';
import { movieFacts } from '../facts/media-facts.repository';
import { seriesFacts } from '../facts/series-facts.repository';
import type { MediaEvents } from '../messaging/media-events';
import { transition } from './file-operation.repository';
import type { Tx } from '../db';
import { removeEpisodeFiles, removeItems, removeVersions } from '../removals/removal-apply';
import type { OperationCommand } from './operation-intake';
import type { Plan } from './plan';
import type { TargetState } from './target.repository';

type Completed = MessagePayload<'media.file_operation_completed'>;
export type Attempt = Completed['attempt_log'][number];

export interface Result {
  outcome: Completed['outcome'];
  failureReason: string | null;
  plan: Plan | null;
  log: Attempt[];
  warnings: string[];
  startedAt: Date | null;
}

export async function recordOutcome(
  tx: Tx,
  events: MediaEvents,
  command: OperationCommand,
  state: TargetState | null,
  result: Result,
  now: Date,
): Promise<void> {
  const succeeded = result.outcome === 'succeeded';
  const removes = succeeded && result.plan?.removesFiles === true && state !== null;
  const files = result.plan?.removesFiles === false || !state ? [] : state.files;
  // A move frees nothing (the files live on elsewhere): 0, as for unmonitor_only.
  const bytesFreed = !succeeded
    ? null
    : removes && command.kind !== 'move'
      ? files.reduce((sum, f) => sum + (f.sizeBytes ?? 0), 0)
      : 0;
  const moved = await transition(tx, command.operation_id, ['queued', 'running', 'verifying'], {
    status: result.outcome,
    failureReason: result.failureReason,
    attemptLog: result.log,
    files: files as object[],
    path: operationPath(files.map((file) => file.path)),
    localPath: operationPath(result.plan?.local?.sources ?? []),
    destinationPath: operationPath(result.plan?.local?.destinations ?? []),
    bytesFreed,
    warnings: result.warnings,
    finishedAt: now,
  });
  if (!moved) return;
  if (removes && state) await recordRemoval(tx, events, command, state, result.plan as Plan, now);
  await events.add(tx, 'media.file_operation_completed', {
    operation_id: command.operation_id,
    candidate_id: command.candidate_id,
    kind: command.kind,
    outcome: result.outcome,
    failure_reason: result.failureReason,
    verified: succeeded,
    route: result.plan?.route ?? null,
    files: files.map((file) => ({
      file_name: file.fileName.replace(/[\\/]/g, '_'),
      size_bytes: file.sizeBytes,
      resolution: file.resolution as Completed['files'][number]['resolution'],
      video_codec: file.videoCodec as Completed['files'][number]['video_codec'],
      hdr: file.hdr,
      dolby_vision: file.dolbyVision,
    })),
    bytes_freed: bytesFreed,
    attempt_log: result.log,
    warnings: result.warnings,
    started_at: result.startedAt?.toISOString() ?? null,
    finished_at: now.toISOString(),
  });
}

async function recordRemoval(
  tx: Tx,
  events: MediaEvents,
  command: OperationCommand,
  state: TargetState,
  plan: Plan,
  now: Date,
) {
  const cause = command.kind === 'move' ? 'moved_by_service' : 'deleted_by_service';
  const removals = state.files.map((file) => ({ id: file.id, cause, replacedBy: null }) as const);
  const { media_type: mediaType, media_id: mediaId } = command.target;
  if (mediaType === 'movie') await removeVersions(tx, events, removals, now, () => null);
  else await removeEpisodeFiles(tx, events, removals, now);
  if (plan.removesItem) {
    await removeItems(tx, events, mediaType, [mediaId], now);
    return;
  }
  // The item stays: its facts changed (a file less), so consumers get them again.
  const facts =
    mediaType === 'movie' ? await movieFacts(tx, [mediaId]) : await seriesFacts(tx, [mediaId]);
  if (facts.length > 0) await events.itemsUpserted(tx, facts);
}

/**
 * What `{path}` of a webhook template shows for the operation (events-webhooks.md 3.3): the
 * file's path, or the folder holding all its files (a season, a series, a movie's versions).
 */
function operationPath(paths: readonly string[]): string | null {
  const [only, ...others] = paths;
  if (!only) return null;
  return others.length === 0 ? only : (commonFolder(paths) ?? null);
}
