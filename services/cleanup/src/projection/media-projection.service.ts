import type { MessagePayload } from '@mcs/contracts';
import { SYSTEM_ACTOR } from '../domain/actor';
import type { MediaLinksPublisher } from '../events/media-links';
import {
  removeCandidatesOfEpisodesWithoutFile,
  removeCandidatesOfMedia,
  removeCandidatesOfVersion,
} from '../candidates/candidate.repository';
import { lockMedia } from '../targets/locks.repository';
import { upsertMediaItems, upsertSeriesParts } from './media.repository';
import { replaceDiskSpace, replaceRequests, replaceWatchData } from './rule-inputs.repository';
import { deleteVersion, detachEpisodeFile, setRemoved } from './media-presence.repository';
import { findVersionProtections } from '../protections/protection.repository';
import { closeRequestsOf } from '../requests/request.repository';
import type { Tx } from '../db';
import type { ProtectionWriter } from '../protections/protection-writer';

/**
 * Applies catalog's media.* events to cleanup's projection and to what depends on it
 * (domain.md 1.10-1.11): candidates of removed media and files go (no lifecycle event), and
 * a version protection goes with its file (`protection.removed`, actor system).
 */
export class MediaProjectionService {
  constructor(private readonly deps: { writer: ProtectionWriter; links: MediaLinksPublisher }) {}

  async itemsUpserted(tx: Tx, payload: MessagePayload<'media.items_upserted'>): Promise<void> {
    await upsertMediaItems(tx, payload.items);
  }

  /** Changed parts of held series: applied over what is stored, nothing is dropped. */
  async seriesPartsUpserted(
    tx: Tx,
    payload: MessagePayload<'media.series_parts_upserted'>,
  ): Promise<void> {
    await upsertSeriesParts(tx, payload.items);
  }

  async removed(tx: Tx, payload: MessagePayload<'media.removed'>, at: Date, now: Date) {
    const key = { mediaType: payload.media_type, mediaId: payload.media_id };
    if (!(await setRemoved(tx, key, new Date(payload.removed_at), at))) return;
    await this.deps.links.publish(tx, await removeCandidatesOfMedia(tx, key), now);
    await closeRequestsOf(tx, 'protection', key, now);
    await closeRequestsOf(tx, 'delete', key, now);
  }

  /** The rule inputs besides the media facts (domain.md 3.4): each replaced by a newer state. */
  async watchDataChanged(tx: Tx, payload: MessagePayload<'media.watch_data_changed'>) {
    await replaceWatchData(tx, payload);
  }

  async requestsChanged(tx: Tx, payload: MessagePayload<'media.requests_changed'>) {
    await replaceRequests(tx, payload.items);
  }

  async diskSpaceChanged(tx: Tx, payload: MessagePayload<'media.disk_space_changed'>) {
    await replaceDiskSpace(tx, payload);
  }

  async restored(tx: Tx, payload: MessagePayload<'media.restored'>, at: Date): Promise<void> {
    await setRemoved(tx, { mediaType: payload.media_type, mediaId: payload.media_id }, null, at);
  }

  /** A file left or was replaced: a rename never gets here, so its protection stays. */
  async versionRemoved(tx: Tx, payload: MessagePayload<'media.version_removed'>, now: Date) {
    const movie = { mediaType: 'movie' as const, mediaId: payload.movie_id };
    await deleteVersion(tx, payload.version_id);
    const changed = await removeCandidatesOfVersion(tx, payload.version_id);
    await lockMedia(tx, movie);
    for (const protection of await findVersionProtections(tx, payload.version_id))
      await this.deps.writer.remove(tx, protection, SYSTEM_ACTOR, now);
    await closeRequestsOf(tx, 'protection', { movieVersionId: payload.version_id }, now);
    await closeRequestsOf(tx, 'delete', { movieVersionId: payload.version_id }, now);
    await this.deps.links.publish(tx, changed, now);
  }

  /**
   * Episode protections (and requests for them) are not bound to files and stay; file-less
   * episodes lose their candidates, and a pending delete request for one has nothing left to
   * delete.
   */
  async episodeFileRemoved(
    tx: Tx,
    payload: MessagePayload<'media.episode_file_removed'>,
    now: Date,
  ): Promise<void> {
    const { episode_file_id: fileId, episode_ids: episodeIds } = payload;
    await detachEpisodeFile(tx, fileId, episodeIds, payload.replaced_by_file_id);
    const changed = await removeCandidatesOfEpisodesWithoutFile(tx, episodeIds);
    await closeRequestsOf(tx, 'delete', { episodeFilesOf: episodeIds }, now);
    await this.deps.links.publish(tx, changed, now);
  }
}
