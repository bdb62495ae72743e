import type { MessagePayload } from '@mcs/contracts';
import type { Clock, LockOutcome, Logger } from '@mcs/kit';
import type { Db } from '../db';
import { IntegrationError } from '../integrations/errors';
import type { ClientFactory } from '../integrations/client-factory';
import type { MediaEvents } from '../messaging/media-events';
import type { PlaybackService } from '../playback/playback.service';
import type { RequestsService } from '../requests/requests.service';
import { enabledOfType, findMainServer } from '../service-settings/service-settings.repository';
import { allSources } from '../sources/source-status.repository';
import type { ArrRefreshService } from '../sync/arr-refresh.service';
import { itemsByServerId, mediaMessagesSince, outboxMark } from './inputs.repository';

/** One source's refresh, run under the lock of the task that owns its data. */
interface Refresh {
  task: 'sync_requests' | 'refresh_playback_history' | 'sync_media';
  run: () => Promise<void>;
}

type Command = MessagePayload<'catalog.inputs.refresh'>;
type Refreshable = Command['sources'][number];
type NowPlaying = NonNullable<MessagePayload<'media.inputs_refreshed'>['now_playing']>;

/** §4.1 step 2: Seerr is swept again only when its snapshot is older than this. */
export const SEERR_SNAPSHOT_MAX_AGE_MS = 3_600_000;

export interface InputsDeps {
  db: Db;
  events: MediaEvents;
  clients: ClientFactory;
  requests: RequestsService;
  playback: PlaybackService;
  arr: ArrRefreshService;
  /** Runs work under a task's lock, or not at all (at once) when another run holds it. */
  tryLock: <T>(taskId: string, work: () => Promise<T>) => Promise<LockOutcome<T>>;
  clock: Clock;
  log: Logger;
}

/**
 * catalog.inputs.refresh (domain.md 4.1 step 2, 6.1 step 3): cleanup asks right before it
 * evaluates or acts. Each asked source is refreshed with the code of its task, bulk calls only:
 * - seerr: the sync_requests sweep, only of instances whose last good snapshot is over an hour
 *   old (the others keep theirs);
 * - playback, favorites: refresh_playback_history's incremental pass (catalog reads no
 *   favorites yet and records no favorites source: asking for it runs the playback pass);
 * - arr: the Arr step of an incremental sync_media (lists with tags and monitored flags, disk
 *   space, links and facts), without the main media server, which would be a library sync;
 * - disk: the Arr instances' disk space alone (arr reads it too).
 * They run side by side, each under its task's lock; when a run of that task holds the lock,
 * the source is not refreshed and is answered as that run last left it (cleanup waits at most
 * 120 s). A source that cannot be read is only marked unavailable (2.13). The resulting media.*
 * messages commit before the answer, media.inputs_refreshed, which carries the asked sources'
 * states after the refresh, when asked what every media server is playing now, and the ids of
 * the media.* messages committed meanwhile: cleanup's queues deliver them independently of the
 * answer, so cleanup waits until it has handled them.
 *
 * Now playing is read live, one call per enabled media server, and is null (unknown) unless
 * every server answered and every session could be placed: only the main server's item ids are
 * known here, so a session on another server counts as unplaceable.
 */
export class InputsService {
  constructor(private readonly deps: InputsDeps) {}

  async refresh(messageId: string, command: Command): Promise<void> {
    const { db, events, clock } = this.deps;
    const asked = new Set<string>(command.sources);
    const mark = await outboxMark(db);
    // guarded() never rejects: the refreshes may run while now playing is read.
    const refreshed = Promise.all(this.refreshes(asked).map((step) => this.guarded(step)));
    const nowPlaying = asked.has('now_playing') ? await this.nowPlaying() : null;
    await refreshed;
    await db.$transaction(async (tx) => {
      const sources = (await allSources(tx)).filter((source) => asked.has(source.source));
      await events.add(tx, 'media.inputs_refreshed', {
        run_id: command.run_id,
        command_message_id: messageId,
        sources,
        now_playing: nowPlaying,
        completed_at: clock().toISOString(),
        preceded_by: await mediaMessagesSince(tx, mark),
      });
    });
  }

  private refreshes(asked: Set<string>): Refresh[] {
    const { requests, playback, arr, clock } = this.deps;
    const steps: Refresh[] = [];
    const has = (source: Refreshable) => asked.has(source);
    if (has('seerr'))
      steps.push({
        task: 'sync_requests',
        run: () => requests.refreshStale(new Date(clock().getTime() - SEERR_SNAPSHOT_MAX_AGE_MS)),
      });
    if (has('playback') || has('favorites'))
      steps.push({ task: 'refresh_playback_history', run: () => playback.refreshIncremental() });
    if (has('arr')) steps.push({ task: 'sync_media', run: () => arr.lists() });
    else if (has('disk')) steps.push({ task: 'sync_media', run: () => arr.diskSpace() });
    return steps;
  }

  /**
   * A step that fails beyond its sources (an integration failure only marks them unavailable)
   * is logged and its sources answered as they are: cleanup's freshness limits then decide,
   * which beats no answer at all.
   */
  private async guarded(step: Refresh): Promise<void> {
    try {
      const outcome = await this.deps.tryLock(step.task, step.run);
      if (!outcome.acquired)
        this.deps.log.info({ task: step.task }, 'inputs refresh skipped: the task is running');
    } catch (error) {
      this.deps.log.error({ err: error, task: step.task }, 'inputs refresh failed');
    }
  }

  private async nowPlaying(): Promise<NowPlaying | null> {
    const { db } = this.deps;
    const main = await findMainServer(db);
    const playing: NowPlaying = [];
    for (const server of await enabledOfType(db, ['jellyfin', 'emby', 'plex'])) {
      const client = this.deps.clients.mediaServer(server);
      let ids: string[];
      try {
        ids = await client.nowPlaying();
      } catch (error) {
        if (!(error instanceof IntegrationError)) throw error;
        this.deps.log.warn({ serviceConfigId: server.id, code: error.code }, 'now playing unknown');
        return null;
      } finally {
        client.close();
      }
      if (ids.length === 0) continue;
      if (server.id !== main?.id) return null;
      // A main-server item that is no movie or episode of the catalog (music, a trailer) is
      // none of cleanup's targets.
      for (const item of await itemsByServerId(db, ids))
        playing.push({
          service_config_id: server.id,
          media_type: item.mediaType,
          media_id: item.mediaId,
          movie_version_id: null,
          episode_id: item.episodeId,
        });
    }
    return playing;
  }
}
