import type { HealthCheck } from '@mcs/kit';
import type { ServiceName } from '../config';

/**
 * The gateway's readiness includes every internal service's own readiness, so one
 * GET :8000/health tells an operator whether the whole system can serve requests.
 */
export function serviceChecks(services: Record<ServiceName, string>): Record<string, HealthCheck> {
  const checks: Record<string, HealthCheck> = {};
  for (const [name, url] of Object.entries(services)) {
    checks[name] = async () => {
      const response = await fetch(new URL('/health', url), { signal: AbortSignal.timeout(1000) });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`not ready (HTTP ${response.status})`);
    };
  }
  return checks;
}
