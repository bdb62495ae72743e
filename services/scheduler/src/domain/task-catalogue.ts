import type { ExternalApi, MessageName, MessagePayload } from '@mcs/contracts';
import { NotFound } from '@mcs/kit';

type Schemas = ExternalApi.components['schemas'];
export type ScheduleType = Schemas['TaskScheduleType'];
/** The command that runs a task in its owner: one per task in the contract. */
export type TaskCommand = Extract<MessageName, `task.run.${string}`>;
export type TaskId = TaskCommand extends `task.run.${infer Id}` ? Id : never;
/** A service that reports on runs; every one but the gateway also owns tasks. */
export type Participant = MessagePayload<'task.run_started'>['service'];
type TaskOwner = Exclude<Participant, 'gateway'>;

export const commandOf = (id: TaskId) => `task.run.${id}` as const;

export interface Schedule {
  type: ScheduleType;
  /** Seconds for an interval, a 5-field cron expression, '' for manual. */
  value: string;
}

/** One built-in task (domain.md §9). */
export interface TaskDefinition {
  id: TaskId;
  name: string;
  description: string;
  /** The service that executes it; the scheduler only records runs. */
  owner: TaskOwner;
  /**
   * The services whose reports end a run, when not the owner alone: the run completes once
   * each has completed its part (a fan-out).
   */
  participants?: readonly Participant[];
  defaultSchedule: Schedule;
  enabledByDefault: boolean;
  requiresMainServer: boolean;
  canDisable: boolean;
}

const every = (seconds: number): Schedule => ({ type: 'interval', value: String(seconds) });
const cron = (expression: string): Schedule => ({ type: 'cron', value: expression });
const manual: Schedule = { type: 'manual', value: '' };

/** The task catalogue, in the fixed order of every task list. */
export const TASKS: readonly TaskDefinition[] = [
  {
    id: 'sync_media',
    name: 'Sync media',
    description: 'Incremental library sync from the main media server, full when due.',
    owner: 'catalog',
    defaultSchedule: every(21_600),
    enabledByDefault: true,
    requiresMainServer: true,
    canDisable: false,
  },
  {
    id: 'refresh_playback_history',
    name: 'Refresh playback data',
    description: 'Watch state, history, favourites and their aggregates.',
    owner: 'catalog',
    defaultSchedule: every(900),
    enabledByDefault: true,
    requiresMainServer: true,
    canDisable: false,
  },
  {
    id: 'resync_media',
    name: 'Resync media',
    description: 'Rebuild service references with a full sync (after a main-server switch).',
    owner: 'catalog',
    defaultSchedule: manual,
    enabledByDefault: true,
    requiresMainServer: true,
    canDisable: false,
  },
  {
    id: 'sync_requests',
    name: 'Sync requests',
    description: 'Read the requests from Seerr; completes with nothing to do without Seerr.',
    owner: 'catalog',
    defaultSchedule: every(3600),
    enabledByDefault: true,
    requiresMainServer: false,
    canDisable: true,
  },
  {
    id: 'scan_cleanup_candidates',
    name: 'Scan cleanup candidates',
    description: 'Evaluate the rules and schedule the items they pick as cleanup candidates.',
    owner: 'cleanup',
    defaultSchedule: cron('0 10 * * *'),
    enabledByDefault: true,
    requiresMainServer: true,
    canDisable: false,
  },
  {
    id: 'tag_cleanup_candidates',
    name: 'Tag cleanup candidates',
    description: "Keep each candidate's rule tags in Radarr and Sonarr.",
    owner: 'cleanup',
    defaultSchedule: cron('0 12 * * *'),
    enabledByDefault: true,
    requiresMainServer: true,
    canDisable: true,
  },
  {
    id: 'delete_cleanup_candidates',
    name: 'Delete cleanup candidates',
    description: 'Delete or move the candidates whose review delay has passed.',
    owner: 'cleanup',
    defaultSchedule: cron('0 2 * * *'),
    enabledByDefault: false,
    requiresMainServer: true,
    canDisable: true,
  },
  {
    id: 'prune_event_feed',
    name: 'Prune event feed',
    description: 'Delete feed events past their retention whose deliveries are finished.',
    owner: 'webhooks',
    defaultSchedule: cron('30 4 * * *'),
    enabledByDefault: true,
    requiresMainServer: false,
    canDisable: false,
  },
  {
    id: 'weekly_house_keeping',
    name: 'Weekly housekeeping',
    description: 'Trim run history and purge what every service keeps for a bounded time.',
    owner: 'scheduler',
    // Every service that keeps something for a bounded time purges it in its own schema.
    participants: ['gateway', 'catalog', 'cleanup', 'scheduler'],
    defaultSchedule: cron('0 8 * * 0'),
    enabledByDefault: true,
    requiresMainServer: false,
    canDisable: false,
  },
];

const BY_ID = new Map<string, TaskDefinition>(TASKS.map((task) => [task.id, task]));

export function taskById(id: string): TaskDefinition | undefined {
  return BY_ID.get(id);
}

/** The task a route names; any other id is a 404. */
export function knownTask(taskId: string): TaskDefinition {
  const definition = taskById(taskId);
  if (!definition) throw new NotFound(`Task ${taskId} was not found.`);
  return definition;
}

export function participantsOf(task: TaskDefinition): readonly Participant[] {
  return task.participants ?? [task.owner];
}
