import type { DashboardParts } from '@mcs/contracts';
import { CachedValue, type Clock, type UserPrincipal } from '@mcs/kit';
import type { Db } from '../db';
import { hasCandidatesPage } from '../http/principal';
import { countActiveProtections } from '../protections/protection.repository';
import { reclaimTotals } from '../receipts/receipt.repository';
import type { CleanupSettingsReader } from '../settings/cleanup-settings';
import {
  activeAlerts,
  candidateFigures,
  pendingRequests,
  unreadNotices,
  type CandidateFigures,
} from './dashboard.repository';

type Parts = DashboardParts['cleanup'];

/**
 * cleanup's part of the dashboard and the sidebar (internal-api.md 5), from its own schema.
 * The figures every user shares (candidates, reclaimed, protections, everyone's requests,
 * alerts) are global aggregates: they are computed once per `cacheTtlMs` for all concurrent
 * callers of this process (bench/dashboard/RESULTS.md). The caller's own figures (their
 * requests, their notices) are indexed lookups, read fresh.
 */
export class DashboardService {
  private readonly shared: CachedValue<Shared>;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      settings: CleanupSettingsReader;
      cacheTtlMs: number;
    },
  ) {
    this.shared = new CachedValue(() => this.readShared(), deps.cacheTtlMs);
  }

  async dashboard(user: UserPrincipal): Promise<Parts['dashboard']> {
    const [shared, seesCandidates, requests] = await Promise.all([
      this.shared.get(),
      hasCandidatesPage(user, this.deps.settings),
      this.requestsFor(user),
    ]);
    const { candidates, reclaimed } = shared;
    return {
      candidates: seesCandidates
        ? {
            total: candidates.total,
            movies: candidates.movies,
            series: candidates.series,
            by_state: candidates.byState,
            reclaimable_bytes: candidates.reclaimableBytes,
          }
        : null,
      reclaimed: {
        bytes_total: reclaimed.reclaimed_bytes_total,
        items_total: reclaimed.reclaimed_items_total,
        bytes_last_30_days: reclaimed.reclaimed_bytes_last_30_days,
      },
      protections_active: shared.protectionsActive,
      requests: { pending_protection: requests.protection, pending_delete: requests.delete },
    };
  }

  async sidebar(user: UserPrincipal): Promise<Parts['sidebar']> {
    const admin = user.role === 'admin';
    const [shared, seesCandidates, requests, unread] = await Promise.all([
      this.shared.get(),
      hasCandidatesPage(user, this.deps.settings),
      this.requestsFor(user),
      unreadNotices(this.deps.db, user.id),
    ]);
    return {
      candidates: seesCandidates ? shared.candidates.total : null,
      pending_protection_requests: requests.protection,
      pending_delete_requests: requests.delete,
      unread_notices: unread,
      active_alerts: admin ? shared.activeAlerts : null,
    };
  }

  /** Administrators see every pending request (shared), users their own. */
  private requestsFor(user: UserPrincipal) {
    return user.role === 'admin'
      ? this.shared.get().then((shared) => shared.requests)
      : pendingRequests(this.deps.db, user.id);
  }

  private async readShared(): Promise<Shared> {
    const { db, clock } = this.deps;
    const now = clock();
    const [candidates, reclaimed, protectionsActive, requests, alerts] = await Promise.all([
      candidateFigures(db, now),
      reclaimTotals(db, now),
      countActiveProtections(db, now),
      pendingRequests(db, undefined),
      activeAlerts(db),
    ]);
    return { candidates, reclaimed, protectionsActive, requests, activeAlerts: alerts };
  }
}

interface Shared {
  candidates: CandidateFigures;
  reclaimed: Awaited<ReturnType<typeof reclaimTotals>>;
  protectionsActive: number;
  requests: { protection: number; delete: number };
  activeAlerts: number;
}
