import type { Logger, Clock, TaskContext, TaskOutcome } from '@mcs/kit';
import type { SettingsReader } from '../settings';
import type { Db } from '../db';
import type { ServiceConfigRecord } from '../domain/service-config';
import { publishWatch } from '../facts/watch-publisher';
import { DateSanitiser } from '../integrations/dates';
import { IntegrationError } from '../integrations/errors';
import type { ClientFactory } from '../integrations/client-factory';
import type { MediaServerClient } from '../integrations/media-server';
import type { MediaEvents } from '../messaging/media-events';
import { enabledOfType, findMainServer } from '../service-settings/service-settings.repository';
import type { SourceUpdate } from '../sources/source-status.repository';
import { readWatermark, writeWatermark } from '../sources/watermark.repository';
import type { SourceStatusService } from '../sources/source-status.service';
import { mainServerRequired } from '../tasks/task-error';
import { readUserStates, type UserPass } from './user-states';
import { countUsers, refreshWatchAggregates, storeUsers } from './playback.repository';

const DAY_MS = 86_400_000;
const MARGIN_MS = 60_000;

export interface PlaybackDeps {
  db: Db;
  events: MediaEvents;
  clients: ClientFactory;
  sources: SourceStatusService;
  settings: SettingsReader;
  clock: Clock;
  log: Logger;
}

/**
 * refresh_playback_history (domain.md 2.10): per-user watch state of the main media server,
 * incremental since its watermark (full once a day and on manual runs), aggregates of the
 * items that changed, and their watch data for cleanup. Other servers, Plex history and
 * Tautulli are not read yet: their playback source is reported unavailable.
 */
export class PlaybackService {
  constructor(private readonly deps: PlaybackDeps) {}

  async run(context: TaskContext): Promise<TaskOutcome> {
    const main = await findMainServer(this.deps.db);
    if (!main) throw mainServerRequired();
    const now = this.deps.clock().getTime();
    return this.pass(
      main,
      (lastFull, watermark) =>
        context.trigger !== 'schedule' ||
        !lastFull ||
        !watermark ||
        now - lastFull.getTime() >= DAY_MS
          ? 'full'
          : 'incremental',
      (processed) =>
        context.progress({ progress: 50, itemsProcessed: processed, phase: 'aggregates' }),
    );
  }

  /**
   * catalog.inputs.refresh (domain.md 4.1 step 2): the incremental pass only, even when the
   * daily full one is due (the next scheduled run does that). A server never read has no
   * watermark: its first read is a full one, too long for a refresh, so it is left as it is.
   * The caller holds the refresh_playback_history lock.
   */
  async refreshIncremental(): Promise<void> {
    const main = await findMainServer(this.deps.db);
    if (!main) return;
    await this.pass(
      main,
      (_lastFull, watermark) => (watermark ? 'incremental' : 'skip'),
      () => Promise.resolve(),
    );
  }

  /**
   * Reads the servers as `plan` says, then refreshes the aggregates of the items that changed,
   * publishes their watch data and records the playback sources, in that order.
   */
  private async pass(
    main: ServiceConfigRecord,
    plan: (lastFull: Date | null, watermark: Date | null) => 'full' | 'incremental' | 'skip',
    progress: (processed: number) => Promise<void>,
  ): Promise<TaskOutcome> {
    const { db, clock } = this.deps;
    const now = clock();
    const sources: SourceUpdate[] = [];
    let processed = 0;
    const changed = { movie: new Set<number>(), episode: new Set<number>() };
    for (const server of await enabledOfType(db, ['jellyfin', 'emby', 'plex'])) {
      if (server.id !== main.id || server.serviceType === 'plex') {
        sources.push(playback(server, 'unavailable', 'not_supported'));
        continue;
      }
      const watermark = await readWatermark(db, 'playback', server.id);
      const mode = plan(await readWatermark(db, 'playback_full', server.id), watermark);
      if (mode === 'skip') continue;
      const full = mode === 'full';
      const since = full || !watermark ? undefined : new Date(watermark.getTime() - MARGIN_MS);
      const client = this.deps.clients.mediaServer(server, new DateSanitiser(clock));
      try {
        const pass: UserPass = {
          full,
          since,
          ratio: (await this.deps.settings.current()).sync_removal_guard_ratio,
          changed,
        };
        const result = await this.readServer(server, client, pass);
        processed += result.states;
        sources.push(
          playback(
            server,
            result.anomaly ? 'unavailable' : 'ok',
            result.anomaly ? 'anomaly' : undefined,
          ),
        );
        if (!result.anomaly) {
          await writeWatermark(db, 'playback', server.id, now);
          if (full) await writeWatermark(db, 'playback_full', server.id, now);
        }
      } catch (error) {
        if (!(error instanceof IntegrationError)) throw error;
        sources.push(playback(server, 'unavailable', error.code, error.message));
      } finally {
        client.close();
      }
      await progress(processed);
    }
    const roots = await refreshWatchAggregates(db, [...changed.movie], [...changed.episode]);
    await publishWatch(
      db,
      this.deps.events,
      { movie: roots.movies, series: roots.series },
      clock(),
    );
    await this.deps.sources.record(sources);
    return {
      itemsProcessed: processed,
      summary: {
        watch_states_changed: changed.movie.size + changed.episode.size,
        movies: roots.movies.length,
        series: roots.series.length,
      },
    };
  }

  private async readServer(server: ServiceConfigRecord, client: MediaServerClient, pass: UserPass) {
    const users = await client.users();
    const known = await countUsers(this.deps.db, server.id);
    // A server that suddenly has no users is not believed (domain.md 2.11).
    if (users.length === 0 && known > 0) return { states: 0, anomaly: true };
    const ids = await storeUsers(this.deps.db, server, users);
    let states = 0;
    let anomaly = false;
    for (const user of users) {
      const result = await readUserStates(
        this.deps.db,
        client,
        user.externalId,
        ids.get(user.externalId) as number,
        pass,
      );
      states += result.states;
      anomaly ||= result.anomaly;
    }
    return { states, anomaly };
  }
}

function playback(
  server: ServiceConfigRecord,
  state: 'ok' | 'unavailable',
  reason?: string,
  error?: string,
): SourceUpdate {
  return {
    source: 'playback',
    serviceConfigId: server.id,
    serviceType: server.serviceType,
    state,
    reason: reason ?? null,
    error: error ?? null,
  };
}
