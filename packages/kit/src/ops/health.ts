import express, { type Router } from 'express';
import { withTimeout } from '../timeout';

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

async function runCheck(name: string, check: HealthCheck, timeoutMs: number): Promise<CheckResult> {
  const started = performance.now();
  try {
    await withTimeout(check(), timeoutMs);
    return { name, status: 'ok', latency_ms: Math.round(performance.now() - started), error: null };
  } catch (error) {
    return {
      name,
      status: 'fail',
      latency_ms: Math.round(performance.now() - started),
      error: error instanceof Error ? error.message.slice(0, 200) : 'check failed',
    };
  }
}

export async function healthReport(
  checks: Record<string, HealthCheck>,
  version: string,
  timeoutMs = 1000,
): Promise<HealthReport> {
  const results = await Promise.all(
    Object.entries(checks).map(([name, check]) => runCheck(name, check, timeoutMs)),
  );
  const ready = results.every((r) => r.status === 'ok');
  return { status: ready ? 'ok' : 'unavailable', live: true, ready, checks: results, version };
}

export function healthRouter(checks: Record<string, HealthCheck>, version: string): Router {
  const router = express.Router();
  router.get('/health', async (_req, res) => {
    const report = await healthReport(checks, version);
    res.status(report.ready ? 200 : 503).json(report);
  });
  router.get('/health/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  return router;
}
