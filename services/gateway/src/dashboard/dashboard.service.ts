import type { InternalApi } from '@mcs/contracts';
import type { Principal } from '@mcs/kit';
import type { SetupService } from '../setup/setup.service';
import type { UpdateCheckService } from '../updates/update-check.service';
import type { DashboardPartClient } from './dashboard-parts';

type Schemas = InternalApi.components['schemas'];

/**
 * The dashboard and the indicators (internal-api.md 5). Each owner computes its own figures
 * from its own schema; the gateway asks them all at once and adds what it holds itself
 * (setup, the caller's role, the stored release check). A missing part is null, never an error.
 */
export class DashboardService {
  constructor(
    private readonly deps: {
      parts: DashboardPartClient;
      setup: SetupService;
      updates: UpdateCheckService;
    },
  ) {}

  async dashboard(user: Principal): Promise<Schemas['Dashboard']> {
    const { parts } = this.deps;
    const [catalog, cleanup, scheduler] = await Promise.all([
      parts.part('catalog', 'dashboard', user),
      parts.part('cleanup', 'dashboard', user),
      parts.part('scheduler', 'dashboard', user),
    ]);
    return {
      library: catalog?.library ?? null,
      candidates: cleanup?.candidates ?? null,
      reclaimed: cleanup?.reclaimed ?? null,
      protections_active: cleanup?.protections_active ?? null,
      requests: cleanup?.requests ?? null,
      next_auto_delete_at: scheduler?.next_auto_delete_at ?? null,
      auto_delete_task_enabled: scheduler?.auto_delete_task_enabled ?? null,
      last_media_sync_at: scheduler?.last_media_sync_at ?? null,
      last_candidate_scan_at: scheduler?.last_candidate_scan_at ?? null,
      disks: catalog?.disks ?? null,
    };
  }

  async sidebar(user: Principal): Promise<Schemas['SidebarIndicators']> {
    const cleanup = await this.deps.parts.part('cleanup', 'sidebar', user);
    return {
      candidates: cleanup?.candidates ?? null,
      pending_protection_requests: cleanup?.pending_protection_requests ?? null,
      pending_delete_requests: cleanup?.pending_delete_requests ?? null,
      unread_notices: cleanup?.unread_notices ?? null,
      active_alerts: cleanup?.active_alerts ?? null,
    };
  }

  async ui(user: Principal): Promise<Schemas['UiIndicators']> {
    const { parts, setup, updates } = this.deps;
    const [catalog, scheduler, setupComplete, release] = await Promise.all([
      parts.part('catalog', 'ui', user),
      parts.part('scheduler', 'ui', user),
      setup.isComplete(),
      updates.status(),
    ]);
    return {
      setup_complete: setupComplete,
      has_main_server: catalog?.has_main_server ?? null,
      auto_delete_enabled: scheduler?.auto_delete_enabled ?? null,
      running_tasks: scheduler?.running_tasks ?? null,
      sources_unavailable: catalog?.sources_unavailable ?? null,
      update_available: release.update_available,
      is_admin: user.type === 'user' && user.role === 'admin',
    };
  }
}
