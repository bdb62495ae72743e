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

/**
 * Connection refused or reset, a name that does not resolve, a timeout, or a check of ours that
 * says "not ready"/"not connected": what a dependency that is down looks like, worth a reason in
 * the log but no stack. fetch wraps the socket's error as its `cause`.
 */
function expectedFailure(error: unknown): boolean {
  const cause = (error as { cause?: unknown } | null)?.cause;
  const hasCode = (e: unknown) => typeof (e as { code?: unknown } | null)?.code === 'string';
  return publicReason(error) !== 'unreachable' || hasCode(error) || hasCode(cause);
}

function reasonOf(error: unknown): string {
  const messageOf = (e: unknown) => (e as { message?: unknown } | null)?.message;
  const cause = messageOf((error as { cause?: unknown } | null)?.cause);
  return String(typeof cause === 'string' ? cause : (messageOf(error) ?? error));
}

/**
 * Remembers which checks are failing, so that a dependency's change of state is logged once:
 * a warning when it goes down (its reason, with a stack only when the failure is unexpected)
 * and an info line when it is back. A dependency down for an hour is one line, not one per
 * /health call.
 */
export class CheckStates {
  private readonly failing = new Set<string>();

  constructor(private readonly log: Logger) {}

  record(name: string, error: unknown): void {
    if (error === undefined) {
      if (this.failing.delete(name)) this.log.info({ check: name }, 'dependency is back up');
      return;
    }
    if (this.failing.has(name)) return;
    this.failing.add(name);
    if (expectedFailure(error))
      this.log.warn({ check: name, reason: reasonOf(error) }, 'dependency is down');
    else this.log.warn({ check: name, err: error }, 'dependency is down');
  }
}

async function runCheck(
  name: string,
  check: HealthCheck,
  timeoutMs: number,
  states?: CheckStates,
): Promise<CheckResult> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    await withTimeout(check(), timeoutMs);
    states?.record(name, undefined);
    return { name, status: 'ok', latency_ms: latency(), error: null };
  } catch (error) {
    states?.record(name, error);
    return { name, status: 'fail', latency_ms: latency(), error: publicReason(error) };
  }
}

/** `states` receives each check's outcome, to log changes of state. */
export async function healthReport(
  checks: Record<string, HealthCheck>,
  version: string,
  timeoutMs = 1000,
  states?: CheckStates,
): Promise<HealthReport> {
  const results = await Promise.all(
    Object.entries(checks).map(([name, check]) => runCheck(name, check, timeoutMs, states)),
  );
  const ready = results.every((r) => r.status === 'ok');
  return { status: ready ? 'ok' : 'unavailable', live: true, ready, checks: results, version };
}

/**
 * How long one report answers every /health call. /health answers anyone, and each report asks
 * every dependency (the gateway's asks the four services, which ask theirs): without this, a
 * flood of calls would be a flood of connections and queries behind it.
 */
const REPORT_CACHE_MS = 1000;

/** `log` receives each check's changes of state (CheckStates). */
export function healthRouter(
  checks: Record<string, HealthCheck>,
  version: string,
  log: Logger,
): Router {
  const states = new CheckStates(log);
  // Calls while a report is being made share it; it then serves for a second more.
  let latest: { report: Promise<HealthReport>; until: number } | undefined;
  const report = () => {
    if (latest && Date.now() < latest.until) return latest.report;
    const next = { report: healthReport(checks, version, 1000, states), until: Infinity };
    void next.report.then(() => (next.until = Date.now() + REPORT_CACHE_MS));
    latest = next;
    return next.report;
  };
  const router = express.Router();
  router.get('/health', async (_req, res) => {
    const current = await report();
    res.status(current.ready ? 200 : 503).json(current);
  });
  router.get('/health/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  return router;
}
