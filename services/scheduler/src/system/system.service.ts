import type { ExternalApi } from '@mcs/contracts';
import {
  isoOrNull,
  NotifiedCache,
  PgListener,
  PRODUCT_NAME,
  PRODUCT_VERSION,
  PROJECT_URL,
  type Clock,
  type Logger,
} from '@mcs/kit';
import type { Direct } from '../db';
import { capabilities } from '../domain/system-facts';
import { type SystemFacts, systemRepository } from './system.repository';

/**
 * Kept at most a minute even when no notification comes: a bound on staleness should the
 * listener stop hearing commits without noticing (decision 031).
 */
const FACTS_MAX_AGE_MS = 60_000;

/** Notified by the triggers on task_runs and main_server (migration 20261130000031). */
const SYSTEM_FACTS_CHANNEL = 'scheduler_system_facts';

/** The process's one listener for changes of the system facts; start it, stop it at the end. */
export function systemFactsListener(databaseUrl: string, log: Logger): PgListener {
  return new PgListener({ url: databaseUrl, channels: [SYSTEM_FACTS_CHANNEL], log });
}

type System = ExternalApi.components['schemas']['System'];

/** GET /api/v1/system (external-api.md §2.8): no address, path or configuration value. */
export class SystemService {
  /**
   * The facts change only when a run ends or the main server does, and integrators poll this
   * route as a health probe: they are kept until a commit says otherwise (decision 031).
   */
  private readonly facts: NotifiedCache<SystemFacts>;

  constructor(
    private readonly deps: {
      direct: Direct;
      clock: Clock;
      rateLimited: boolean;
      listener: PgListener;
    },
  ) {
    this.facts = new NotifiedCache({
      listener: deps.listener,
      channel: SYSTEM_FACTS_CHANNEL,
      maxAgeMs: FACTS_MAX_AGE_MS,
      read: () => systemRepository.facts(deps.direct),
    });
  }

  describe(): Promise<System> {
    return this.facts.get().then((facts) => ({
      status: 'ok',
      program: PRODUCT_NAME,
      version: PRODUCT_VERSION,
      project_url: PROJECT_URL,
      api_version: 'v1',
      server_time: this.deps.clock().toISOString(),
      has_main_media_server: facts.hasMainServer,
      last_media_sync_at: isoOrNull(facts.lastSyncAt),
      last_candidate_scan_at: isoOrNull(facts.lastScanAt),
      capabilities: capabilities(this.deps.rateLimited),
    }));
  }
}
