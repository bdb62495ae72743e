import type { Logger } from '@mcs/kit';
import type { Db } from '../db';
import {
  imdbImportDue,
  TMDB_ITEMS_PER_RUN,
  TMDB_REFRESH_AFTER_MS,
  tmdbSourceState,
} from '../domain/enrichment';
import type { ClientFactory } from '../integrations/client-factory';
import type { DateSanitiser } from '../integrations/dates';
import { IntegrationError } from '../integrations/errors';
import { lastSuccessOf, type SourceUpdate } from '../sources/source-status.repository';
import { dueItems } from './enrichment.repository';
import type { EnrichmentSettings, EnrichmentSettingsValues } from './enrichment-settings';
import { importImdbRatings } from './imdb-import';
import { tmdbPass } from './tmdb-pass';

export interface EnrichmentDeps {
  db: Db;
  clients: ClientFactory;
  settings: EnrichmentSettings;
  log: Logger;
}

/** What a sync run hands over: its clock and the sanitiser that counts its invalid dates. */
export interface EnrichmentRun {
  now: Date;
  dates: DateSanitiser;
}

export interface EnrichmentResult {
  /** The tmdb and imdb source states to record with the run's others (none: unchanged). */
  sources: SourceUpdate[];
  /** Series whose own facts changed. */
  seriesChanged: number[];
}

/**
 * Metadata enrichment, step 5 of a sync (domain.md 2.9, 2.10): TMDB details for the items that
 * are new or 30 days old, then the IMDb ratings dataset when it is enabled and due. Each source
 * reports its own state; neither fails the run. Settings are read as the step starts.
 */
export class EnrichmentService {
  constructor(private readonly deps: EnrichmentDeps) {}

  async run(run: EnrichmentRun): Promise<EnrichmentResult> {
    const settings = await this.deps.settings();
    const tmdb = await this.tmdb(settings, run);
    const imdb = await this.imdb(settings, run);
    return { sources: [tmdb.source, ...imdb], seriesChanged: tmdb.seriesChanged };
  }

  private async tmdb(settings: EnrichmentSettingsValues, run: EnrichmentRun) {
    const none = { seriesChanged: [] };
    if (settings.tmdbKeyUnreadable)
      return { ...none, source: unavailable('tmdb', 'secrets_unreadable', KEY_UNREADABLE) };
    if (settings.tmdbApiKey === null) return { ...none, source: notConfigured('tmdb') };
    const staleBefore = new Date(run.now.getTime() - TMDB_REFRESH_AFTER_MS);
    const items = await dueItems(this.deps.db, staleBefore, TMDB_ITEMS_PER_RUN);
    const client = this.deps.clients.tmdb(settings.tmdbBaseUrl, settings.tmdbApiKey);
    try {
      const pass = await tmdbPass(this.deps, client, items, run);
      this.deps.log.info(
        {
          due: items.length,
          refreshed: pass.refreshed,
          skipped: pass.skipped,
          stopped: pass.stoppedBy,
        },
        'TMDB enrichment done',
      );
      const outcome = tmdbSourceState(pass);
      const source =
        outcome.state === 'ok'
          ? ok('tmdb')
          : unavailable('tmdb', outcome.reason, `TMDB enrichment stopped: ${outcome.reason}`);
      return { seriesChanged: pass.seriesChanged, source };
    } finally {
      client.close();
    }
  }

  /** The dataset when enabled and due; nothing to record when it was read in the last 24 h. */
  private async imdb(settings: EnrichmentSettingsValues, run: EnrichmentRun) {
    if (!settings.imdbEnabled) return [notConfigured('imdb')];
    if (!imdbImportDue(await lastSuccessOf(this.deps.db, 'imdb'), run.now)) return [];
    const client = this.deps.clients.imdbDataset(settings.imdbUrl);
    try {
      const read = await importImdbRatings(this.deps.db, client);
      this.deps.log.info({ ...read }, 'IMDb ratings imported');
      return [ok('imdb')];
    } catch (error) {
      if (!(error instanceof IntegrationError)) throw error;
      this.deps.log.warn({ code: error.code, error: error.message }, 'IMDb ratings import failed');
      return [unavailable('imdb', error.code, error.message)];
    } finally {
      client.close();
    }
  }
}

const KEY_UNREADABLE =
  'the TMDB key does not open with any of the configured ENCRYPTION_KEYS; enter it again';

type Metadata = 'tmdb' | 'imdb';

const base = (source: Metadata) => ({ source, serviceConfigId: null, serviceType: null });
const ok = (source: Metadata): SourceUpdate => ({ ...base(source), state: 'ok' });
const notConfigured = (source: Metadata): SourceUpdate => ({
  ...base(source),
  state: 'not_configured',
});
const unavailable = (source: Metadata, reason: string, error: string): SourceUpdate => ({
  ...base(source),
  state: 'unavailable',
  reason,
  error,
});
