import { DASHBOARD_PART_PATH, type DashboardParts, type DashboardView } from '@mcs/contracts';
import { withTimeout, type InternalClient, type Logger, type Principal } from '@mcs/kit';
import type { ServiceName } from '../config';

type Owner = keyof DashboardParts;
type Part<S extends Owner, V extends DashboardView> = V extends keyof DashboardParts[S]
  ? DashboardParts[S][V]
  : never;

/**
 * Asks an owning service for its part of a dashboard view (docs: contracts dashboard-parts),
 * signed with the caller's principal so the owner decides what the caller may see. A part
 * that fails, answers other than 200 or takes longer than the limit is null, logged once at
 * warn: the dashboard shows what the others said instead of failing as a whole.
 */
export class DashboardPartClient {
  constructor(
    private readonly deps: {
      call: InternalClient;
      urls: Record<ServiceName, string>;
      timeoutMs: number;
      log: Logger;
    },
  ) {}

  async part<S extends Owner, V extends DashboardView>(
    service: S,
    view: V,
    principal: Principal,
  ): Promise<Part<S, V> | null> {
    const { call, urls, timeoutMs, log } = this.deps;
    try {
      // The socket's own timeout ends a silent connection; the race also bounds a slow drip.
      const response = await withTimeout(
        call({
          service,
          baseUrl: urls[service],
          method: 'GET',
          url: `${DASHBOARD_PART_PATH}?view=${view}`,
          principal,
          timeoutMs,
        }),
        timeoutMs,
        `no answer within ${timeoutMs} ms`,
      );
      if (response.status !== 200) throw new Error(`answered ${response.status}`);
      // Our own service's signed answer to our own signed request: its shape is the contract's.
      return JSON.parse(response.body.toString('utf8')) as Part<S, V>;
    } catch (error) {
      // The reason only (refused, timed out, answered 503): no stack, no body of the answer.
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ service, view, reason }, 'a dashboard part is unavailable; shown as null');
      return null;
    }
  }
}
