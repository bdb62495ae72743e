import type { DashboardParts } from '@mcs/contracts';
import type { SystemService } from '../system/system.service';
import type { TaskService } from '../tasks/task.service';

type Parts = DashboardParts['scheduler'];

/** The automatic deletion task, whose schedule the dashboard shows. */
const AUTO_DELETE_TASK = 'delete_cleanup_candidates';

/**
 * The scheduler's part of the dashboard and the UI indicators (internal-api.md 5). It reads
 * through the services behind `/api/v1/tasks` and `/api/v1/system`, so each figure has their
 * definition exactly (a handful of indexed reads over task settings and runs; no repository of
 * its own is needed).
 */
export class DashboardService {
  constructor(private readonly deps: { tasks: TaskService; system: SystemService }) {}

  async dashboard(): Promise<Parts['dashboard']> {
    const [tasks, system] = await Promise.all([
      this.deps.tasks.list(),
      this.deps.system.describe(),
    ]);
    const autoDelete = tasks.items.find((task) => task.id === AUTO_DELETE_TASK);
    return {
      next_auto_delete_at: autoDelete?.next_run_at ?? null,
      auto_delete_task_enabled: autoDelete?.enabled ?? false,
      last_media_sync_at: system.last_media_sync_at,
      last_candidate_scan_at: system.last_candidate_scan_at,
    };
  }

  async ui(): Promise<Parts['ui']> {
    const tasks = await this.deps.tasks.list();
    return {
      auto_delete_enabled:
        tasks.items.find((task) => task.id === AUTO_DELETE_TASK)?.enabled ?? false,
      running_tasks: tasks.items
        .filter((task) => task.status === 'running' || task.status === 'queued')
        .map((task) => task.id),
    };
  }
}
