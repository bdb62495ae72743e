import type { MessagePayload } from '@mcs/contracts';
import type { Clock, Logger } from '@mcs/kit';
import type { Db } from '../db';
import { IntegrationError } from '../integrations/errors';
import type { ClientFactory } from '../integrations/factory';
import type { MediaEvents } from '../messaging/media-events';
import { enabledOfType, findMainServer } from '../repositories/service-config.repository';
import { allSources } from '../repositories/source-status.repository';
import { itemsByServerId } from './inputs.repository';

type Command = MessagePayload<'catalog.inputs.refresh'>;
type NowPlaying = NonNullable<MessagePayload<'media.inputs_refreshed'>['now_playing']>;

/**
 * catalog.inputs.refresh (domain.md 4.1 step 2, 6.1 step 3): cleanup asks right before it acts.
 * The answer, media.inputs_refreshed, carries the state of the requested sources and, when asked,
 * what every media server is playing now.
 *
 * The sources are reported as their last sync left them; re-reading playback, Seerr and the Arr
 * lists on demand is not built yet, so cleanup's freshness limits (2.13) decide whether the data
 * is still good enough. Now playing is read live, one call per enabled media server, and is
 * null (unknown) unless every server answered and every session could be placed: only the main
 * server's item ids are known here, so a session on another server counts as unplaceable.
 */
export class InputsService {
  constructor(
    private readonly deps: {
      db: Db;
      events: MediaEvents;
      clients: ClientFactory;
      clock: Clock;
      log: Logger;
    },
  ) {}

  async refresh(messageId: string, command: Command): Promise<void> {
    const { db, events, clock } = this.deps;
    const nowPlaying = command.sources.includes('now_playing') ? await this.nowPlaying() : null;
    const asked = new Set<string>(command.sources);
    await db.$transaction(async (tx) => {
      const sources = (await allSources(tx)).filter((source) => asked.has(source.source));
      await events.add(tx, 'media.inputs_refreshed', {
        run_id: command.run_id,
        command_message_id: messageId,
        sources,
        now_playing: nowPlaying,
        completed_at: clock().toISOString(),
      });
    });
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
