import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** Per-request (or per-message, per-job) context that travels through async calls. */
export interface RequestContext {
  readonly correlationId: string;
}

/**
 * On Node 20 this store runs an async-hook init for every promise, tick and timer the process
 * creates while it is in use: about a third of the gateway's CPU per forwarded read
 * (bench/api/RESULTS.md, seventh change). Hot paths therefore avoid promises they do not need.
 */
const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** The current correlation id, or a fresh one for work that starts outside any request. */
export function correlationId(): string {
  return storage.getStore()?.correlationId ?? newCorrelationId();
}

export function newCorrelationId(): string {
  return randomUUID();
}

const CORRELATION_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Accepts an incoming id only when it is safe to echo and log (external-api.md 1.12). */
export function acceptCorrelationId(raw: unknown): string | undefined {
  return typeof raw === 'string' && CORRELATION_ID.test(raw) ? raw : undefined;
}
