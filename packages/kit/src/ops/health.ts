import express, { type Router } from 'express';
import type { Logger } from '../logger';
import { TimeoutError, withTimeout } from '../timeout';

/**
 * /health (readiness: every check must pass, 503 otherwise) and /health/live (the process
 * answers). Each check has its own time limit, so /health answers within about a second even
 * when a dependency hangs. Bodies carry names and states, never addresses or secrets.
 */
export type HealthCheck = () => Promise<void>;

export interface CheckResult {
  name: string;
  status: 'ok' | 'fail';
  latency_ms: number;
  error: string | null;
}

export interface HealthReport {
  status: 'ok' | 'degraded' | 'unavailable';
  live: true;
  ready: boolean;
  checks: CheckResult[];
  version: string;
}

/**
 * The public words for a failed check. A check's own message names hosts, ports, database and
 * role names ("connect ECONNREFUSED 10.0.0.5:5432"), and /health answers anyone, so the body
 * only says which kind of failure it was; the message itself goes to the log.
 */
function publicReason(error: unknown): string {
  // Ours (withTimeout) or fetch's AbortSignal.timeout(), which rejects with a DOMException.
  if (error instanceof TimeoutError || (error as Error | null)?.name === 'TimeoutError')
    return 'timeout';
  // The runtime's broker check and the gateway's service checks say "not connected"/"not ready…".
  if (error instanceof Error && /^not (ready|connected)\b/.test(error.message)) return 'not ready';
  return 'unreachable';
}

async function runCheck(
  name: string,
  check: HealthCheck,
  timeoutMs: number,
  log?: Logger,
): Promise<CheckResult> {
  const started = performance.now();
  try {
    await withTimeout(check(), timeoutMs);
    return { name, status: 'ok', latency_ms: Math.round(performance.now() - started), error: null };
  } catch (error) {
    log?.warn({ err: error, check: name }, 'health check failed');
    return {
      name,
      status: 'fail',
      latency_ms: Math.round(performance.now() - started),
      error: publicReason(error),
    };
  }
}

export async function healthReport(
  checks: Record<string, HealthCheck>,
  version: string,
  timeoutMs = 1000,
  log?: Logger,
): Promise<HealthReport> {
  const results = await Promise.all(
    Object.entries(checks).map(([name, check]) => runCheck(name, check, timeoutMs, log)),
  );
  const ready = results.every((r) => r.status === 'ok');
  return { status: ready ? 'ok' : 'unavailable', live: true, ready, checks: results, version };
}

/** `log` receives each failed check's real error. */
export function healthRouter(
  checks: Record<string, HealthCheck>,
  version: string,
  log: Logger,
): Router {
  const router = express.Router();
  router.get('/health', async (_req, res) => {
    const report = await healthReport(checks, version, 1000, log);
    res.status(report.ready ? 200 : 503).json(report);
  });
  router.get('/health/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  return router;
}
