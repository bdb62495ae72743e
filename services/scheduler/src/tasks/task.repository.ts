import type { DbClient, Tx } from '../db';
import type { ScheduleType, TaskId } from '../domain/task-catalogue';
import type { TaskSettings } from '../domain/task-state';

/** The operator's choices per task. */
export const taskRepository = {
  async settings(db: DbClient): Promise<Map<string, TaskSettings>> {
    const rows = await db.taskSetting.findMany();
    return new Map(rows.map((row) => [row.taskId, settingsOf(row)]));
  },

  async settingsOf(db: DbClient, taskId: TaskId): Promise<TaskSettings | undefined> {
    const row = await db.taskSetting.findUnique({ where: { taskId } });
    return row ? settingsOf(row) : undefined;
  },

  /** The operator's choice; a null schedule follows the catalogue's default. */
  async saveSettings(db: DbClient, taskId: TaskId, settings: TaskSettings): Promise<void> {
    const schedule = {
      scheduleType: settings.schedule?.type ?? null,
      scheduleValue: settings.schedule?.value ?? null,
    };
    await db.taskSetting.upsert({
      where: { taskId },
      create: { taskId, enabled: settings.enabled, ...schedule },
      update: { enabled: settings.enabled, ...schedule, updatedAt: new Date() },
    });
  },

  /** Triggers of one task take turns until the transaction ends. */
  async lockTriggers(tx: Tx, taskId: TaskId): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`scheduler.trigger.${taskId}`}))`;
  },
};

function settingsOf(row: {
  enabled: boolean;
  scheduleType: string | null;
  scheduleValue: string | null;
}): TaskSettings {
  const schedule =
    row.scheduleType === null
      ? null
      : { type: row.scheduleType as ScheduleType, value: row.scheduleValue ?? '' };
  return { enabled: row.enabled, schedule };
}
