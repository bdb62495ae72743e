import type { DashboardParts } from '@mcs/contracts';
import { CachedValue, type UserPrincipal } from '@mcs/kit';
import type { Db } from '../db';
import { disks, hasMainServer, libraryFigures, unavailableSources } from './dashboard.repository';

type Parts = DashboardParts['catalog'];

/**
 * catalog's part of the dashboard and the UI indicators (internal-api.md 5), from its own
 * schema. The library counts are the one global aggregate: computed once per `cacheTtlMs` for
 * all concurrent callers of this process. Disks, the main server and source states are a few
 * rows, read fresh.
 */
export class DashboardService {
  private readonly library: CachedValue<Parts['dashboard']['library']>;

  constructor(private readonly deps: { db: Db; cacheTtlMs: number }) {
    this.library = new CachedValue(() => libraryFigures(deps.db), deps.cacheTtlMs);
  }

  /** Disks are for administrators only. */
  async dashboard(user: UserPrincipal): Promise<Parts['dashboard']> {
    const admin = user.role === 'admin';
    const [library, disksNow] = await Promise.all([
      this.library.get(),
      admin ? disks(this.deps.db) : null,
    ]);
    return { library, disks: disksNow };
  }

  async ui(): Promise<Parts['ui']> {
    const [main, unavailable] = await Promise.all([
      hasMainServer(this.deps.db),
      unavailableSources(this.deps.db),
    ]);
    return { has_main_server: main, sources_unavailable: unavailable };
  }
}
