import type { DbClient, Tx } from '../db';
import type { ScheduleType, TaskId } from '../domain/task-catalogue';
import type { TaskSettings } from '../domain/task-state';

/** The operator's choices per task, and catalog's word on the main media server. */
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

  async hasMainServer(db: DbClient): Promise<boolean> {
    const row = await db.mainServer.findUnique({ where: { id: 1 } });
    return row?.hasMainServer ?? false;
  },

  /**
   * Keeps the newest report (by as_of): messages may arrive out of order. On a tie (two saves
   * in one millisecond) the one applied last wins, as it most likely came last.
   */
  /**
   * Until the transaction ends, one transaction at a time decides whether to ask catalog for
   * the main server's state; true when catalog has not answered and nobody has asked yet (no
   * request waits in the outbox).
   */
  async mainServerUnknownLocked(tx: Tx): Promise<boolean> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('scheduler.main_server_report'))`;
    if ((await tx.mainServer.count()) > 0) return false;
    const pending = await tx.outboxMessage.count({
      where: { routingKey: 'catalog.main_server.report' },
    });
    return pending === 0;
  },

  /** Triggers of one task take turns until the transaction ends. */
  async lockTriggers(tx: Tx, taskId: TaskId): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`scheduler.trigger.${taskId}`}))`;
  },

  async recordMainServer(
    db: DbClient,
    report: { hasMainServer: boolean; serverType: string | null; asOf: Date },
  ): Promise<void> {
    await db.$executeRaw`
      INSERT INTO main_server (id, has_main_server, server_type, as_of)
      VALUES (1, ${report.hasMainServer}, ${report.serverType}, ${report.asOf})
      ON CONFLICT (id) DO UPDATE
        SET has_main_server = EXCLUDED.has_main_server, server_type = EXCLUDED.server_type,
            as_of = EXCLUDED.as_of
        WHERE main_server.as_of <= EXCLUDED.as_of`;
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
