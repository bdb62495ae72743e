/** Catalog's tasks that write the same data wait for each other (across replicas too). */
export const CATALOG_TASK_LOCKS: Readonly<Partial<Record<string, string>>> = {
  sync_media: 'library',
  resync_media: 'library',
  refresh_playback_history: 'playback',
  sync_requests: 'requests',
  weekly_house_keeping: 'housekeeping',
};

/** The advisory-lock key of a task; other work on the same data takes the same key. */
export function taskLockKey(taskId: string): string {
  return `catalog:${CATALOG_TASK_LOCKS[taskId] ?? taskId}`;
}
