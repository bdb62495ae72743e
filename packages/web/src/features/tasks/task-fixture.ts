import type { Schemas } from '../../api/client';

/** A task as GET /api/tasks/tasks returns it, with overrides. */
export function newTask(overrides: Partial<Schemas['TaskView']> = {}): Schemas['TaskView'] {
  return {
    id: 'sync_media',
    name: 'Sync media',
    description: 'Reads the libraries of the media servers.',
    enabled: true,
    status: 'scheduled',
    error: null,
    schedule_type: 'cron',
    schedule_value: '0 2 * * *',
    next_run_at: null,
    last_run_at: null,
    can_run: true,
    requires_main_server: false,
    can_disable: true,
    owning_service: 'catalog',
    default_schedule: { schedule_type: 'interval', schedule_value: '900' },
    schedule_customized: true,
    active_run: null,
    last_run: null,
    ...overrides,
  };
}
