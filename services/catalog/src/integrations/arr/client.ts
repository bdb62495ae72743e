import { datesOf, httpOptions, type ClientConfig } from '../config';
import type { DateSanitiser } from '../dates';
import { HttpClient } from '../http';
import * as api from './api-types';
import type { ArrStatus, ArrTag, DiskSpace, EditorChange } from './records';
import { batches } from './shared';

/** Where a subclass's bulk editor answers and what it calls its ids. */
export interface ArrEditor {
  path: string;
  ids: 'movieIds' | 'seriesIds';
}

/**
 * What Radarr and Sonarr share, both being v3 *arr APIs behind an API key header: status,
 * tags, disk space and the bulk editor (tags, monitoring). Each client adds the calls of its
 * own resources (movies; series, seasons, episodes).
 */
export abstract class ArrClient {
  protected readonly http: HttpClient;
  protected readonly dates: DateSanitiser;

  constructor(
    system: 'radarr' | 'sonarr',
    config: ClientConfig,
    private readonly editor: ArrEditor,
  ) {
    this.http = new HttpClient(
      httpOptions(system, config, { headers: { 'X-Api-Key': config.apiKey } }),
    );
    this.dates = datesOf(config);
  }

  async testConnection(): Promise<ArrStatus> {
    const status = await this.http.get('/api/v3/system/status', api.systemStatus);
    return { appName: status.appName, version: status.version };
  }

  async tags(): Promise<ArrTag[]> {
    const tags = await this.http.get('/api/v3/tag', api.tags);
    return tags.map((tag) => ({ id: tag.id, label: tag.label.toLowerCase() }));
  }

  async createTag(label: string): Promise<ArrTag> {
    const tag = await this.http.write(
      { method: 'POST', path: '/api/v3/tag', body: { label } },
      api.tag,
    );
    if (!tag)
      throw this.http.fail(
        'POST',
        '/api/v3/tag',
        'invalid_response',
        'the new tag was not returned',
      );
    return { id: tag.id, label: tag.label.toLowerCase() };
  }

  async diskSpace(): Promise<DiskSpace[]> {
    const disks = await this.http.get('/api/v3/diskspace', api.diskSpaces);
    return disks.map((disk) => ({
      path: disk.path,
      freeBytes: disk.freeSpace,
      totalBytes: disk.totalSpace,
    }));
  }

  async addTag(ids: number[], tagId: number): Promise<void> {
    await this.edit(ids, { tagIds: [tagId], apply: 'add' });
  }

  async removeTag(ids: number[], tagId: number): Promise<void> {
    await this.edit(ids, { tagIds: [tagId], apply: 'remove' });
  }

  close(): void {
    this.http.close();
  }

  /** One editor call per batch of ids (EDITOR_BATCH). */
  protected async edit(ids: number[], change: EditorChange): Promise<void> {
    const fields =
      'monitored' in change
        ? { monitored: change.monitored }
        : { tags: change.tagIds, applyTags: change.apply };
    for (const batch of batches(ids)) {
      await this.http.write({
        method: 'PUT',
        path: this.editor.path,
        body: { [this.editor.ids]: batch, ...fields },
      });
    }
  }
}
