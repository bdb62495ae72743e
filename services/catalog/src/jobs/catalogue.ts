import type { MessagePayload } from '@mcs/contracts';
import { defineJobs, RUN_TASK_JOB } from '@mcs/kit';

/**
 * The catalog worker's job catalogue (STYLE 5). Jobs carry ids only: the task run, the file
 * operation or the backfill request is a row or a message the handler reads again. Job ids are
 * deterministic, so a repeated command adds nothing.
 */
function record<T extends string>(keys: readonly T[]) {
  return (data: unknown): Record<T, unknown> => {
    if (typeof data !== 'object' || data === null) throw new Error('Job data must be an object.');
    const value = data as Record<string, unknown>;
    for (const key of keys) if (!(key in value)) throw new Error(`Job data lacks ${key}.`);
    return value;
  };
}

function positive(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer.`);
  return value;
}

/** The command as validated on receipt; checked again because Redis data is not typed. */
function inputsCommand(value: unknown): MessagePayload<'catalog.inputs.refresh'> {
  const { run_id, sources } = record(['run_id', 'sources'])(value);
  if (!Array.isArray(sources) || !sources.every((s) => REFRESHABLE.includes(s as never)))
    throw new Error('sources must list refreshable sources.');
  return { run_id: positive(run_id, 'run_id'), sources: sources as Refreshable[] };
}

type Refreshable = MessagePayload<'catalog.inputs.refresh'>['sources'][number];
const REFRESHABLE: readonly Refreshable[] = [
  'arr',
  'disk',
  'seerr',
  'playback',
  'favorites',
  'now_playing',
];

/** Commands enqueue their job before their row commits: see RUN_TASK_JOB for the backoff. */
const NOT_COMMITTED_YET = RUN_TASK_JOB.backoff;

export const catalogJobs = defineJobs('catalog', {
  /** Runs a task; retried only while its run row is not committed yet. */
  run_task: RUN_TASK_JOB,
  /** Executes a file operation; a retried job never repeats an external call (row status). */
  execute_operation: {
    parse: (data: unknown) => ({
      operation_id: positive(record(['operation_id'])(data).operation_id, 'operation_id'),
    }),
    attempts: 10,
    backoff: NOT_COMMITTED_YET,
    timeoutMs: 30 * 60_000,
  },
  /** Applies a catalog.tags.apply command (its row holds the items). */
  apply_tags: {
    parse: (data: unknown) => {
      const id = record(['message_id'])(data).message_id;
      if (typeof id !== 'string') throw new Error('message_id must be a string.');
      return { message_id: id };
    },
    attempts: 10,
    backoff: NOT_COMMITTED_YET,
    timeoutMs: 30 * 60_000,
  },
  /**
   * Answers a catalog.inputs.refresh: bulk, incremental reads and now playing (seconds, not
   * minutes; cleanup waits 120 s). A retry re-reads; the answer is only written at the end.
   */
  refresh_inputs: {
    parse: (data: unknown) => {
      const { message_id, command } = record(['message_id', 'command'])(data);
      if (typeof message_id !== 'string') throw new Error('message_id must be a string.');
      return { message_id, command: inputsCommand(command) };
    },
    attempts: 3,
    backoff: { type: 'exponential', delay: 2000 },
    timeoutMs: 5 * 60_000,
  },
  /** Republishes the facts of live items (catalog.media.backfill). */
  backfill: {
    parse: (data: unknown) => {
      const since = record(['since'])(data).since;
      if (since !== null && (typeof since !== 'string' || Number.isNaN(Date.parse(since))))
        throw new Error('since must be a timestamp or null.');
      return { since: since };
    },
    attempts: 3,
    backoff: { type: 'exponential', delay: 5000 },
    timeoutMs: 4 * 3600_000,
  },
});

export type CatalogJobs = (typeof catalogJobs)['jobs'];
