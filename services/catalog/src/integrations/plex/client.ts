/**
 * Plex Media Server (§2.4). Lists page with the X-Plex-Container-Start/Size headers and count
 * as complete only when `totalSize` is reached. HDR facts need a detail call per item, which
 * the sync makes only for new or changed items.
 */
import { datesOf, httpOptions, type ClientConfig } from '../config';
import type { DateSanitiser } from '../dates';
import type { Decoder } from '../decode';
import { IntegrationError } from '../errors';
import { HttpClient, type Query } from '../http';
import type { DynamicRange } from '../media-info';
import { pagesByOffset } from '../paging';
import type {
  PlaybackEventRecord,
  PlaybackUserRecord,
  ServerEpisode,
  ServerInfo,
  ServerLibrary,
  ServerMovie,
  ServerSeason,
  ServerSeries,
} from '../records';
import * as api from './api-types';
import * as normalize from './normalize';

export interface PlexConfig extends ClientConfig {
  /** Our install id (`X-Plex-Client-Identifier`). */
  clientIdentifier?: string;
  pageSize?: number;
}

/** Plex's `type` numbers for `/all`. */
const TYPES = { movie: 1, show: 2, season: 3, episode: 4 } as const;

export class PlexClient {
  private readonly http: HttpClient;
  private readonly dates: DateSanitiser;
  private readonly pageSize: number;

  constructor(config: PlexConfig) {
    const headers = {
      'X-Plex-Token': config.apiKey,
      'X-Plex-Client-Identifier': config.clientIdentifier ?? 'media-cleanup-service',
      'X-Plex-Product': 'Media Cleanup Service',
    };
    this.http = new HttpClient(httpOptions('plex', config, { headers }));
    this.dates = datesOf(config);
    this.pageSize = config.pageSize ?? 200;
  }

  async testConnection(): Promise<ServerInfo> {
    const { MediaContainer } = await this.http.get('/identity', api.identity);
    return {
      serverId: MediaContainer.machineIdentifier,
      name: MediaContainer.machineIdentifier,
      version: MediaContainer.version,
    };
  }

  async libraries(): Promise<ServerLibrary[]> {
    const sections = await this.http.get(
      '/library/sections',
      api.container('Directory', api.directory),
    );
    return sections.items.flatMap((section) => normalize.toLibrary(section) ?? []);
  }

  async *movies(sectionKey: string, options: { since?: Date } = {}): AsyncGenerator<ServerMovie[]> {
    for await (const page of this.all(sectionKey, TYPES.movie, options.since)) {
      yield page.map((item) => normalize.toMovie(item, this.dates));
    }
  }

  async *series(
    sectionKey: string,
    options: { since?: Date } = {},
  ): AsyncGenerator<ServerSeries[]> {
    for await (const page of this.all(sectionKey, TYPES.show, options.since)) {
      yield page.map((item) => normalize.toSeries(item, this.dates));
    }
  }

  async *seasons(
    sectionKey: string,
    options: { since?: Date } = {},
  ): AsyncGenerator<ServerSeason[]> {
    for await (const page of this.all(sectionKey, TYPES.season, options.since)) {
      yield page.flatMap((item) => normalize.toSeason(item, this.dates) ?? []);
    }
  }

  async *episodes(
    sectionKey: string,
    options: { since?: Date } = {},
  ): AsyncGenerator<ServerEpisode[]> {
    for await (const page of this.all(sectionKey, TYPES.episode, options.since)) {
      yield page.flatMap((item) => normalize.toEpisode(item, this.dates) ?? []);
    }
  }

  /** Seasons of a show or episodes of a season (`/library/metadata/{ratingKey}/children`). */
  async children(ratingKey: string): Promise<api.PlexMetadata[]> {
    const result = await this.http.get(
      `/library/metadata/${ratingKey}/children`,
      api.container('Metadata', api.metadata),
    );
    return result.items;
  }

  /** HDR / Dolby Vision per media id; null when the item is gone (verification too). */
  async mediaRanges(ratingKey: string): Promise<Map<string, DynamicRange> | null> {
    const result = await this.http.find(
      `/library/metadata/${ratingKey}`,
      api.container('Metadata', api.metadata),
    );
    const item = result?.items[0];
    return item ? normalize.rangesOf(item) : null;
  }

  async users(): Promise<PlaybackUserRecord[]> {
    const accounts = await this.http.get('/accounts', api.container('Account', api.account));
    return accounts.items.map((account) => ({
      externalId: account.id,
      username: account.name,
      email: null,
      displayName: account.name,
      isAdmin: account.id === '1', // the server owner is account 1 on every Plex server
      lastSeenAt: null,
    }));
  }

  async *history(since?: Date): AsyncGenerator<PlaybackEventRecord[]> {
    const query: Query = {
      sort: 'viewedAt:asc',
      'viewedAt>': since ? Math.floor(since.getTime() / 1000) : undefined,
    };
    for await (const page of this.paged('/status/sessions/history/all', query, api.historyEntry)) {
      yield page.flatMap((entry) => normalize.toPlaybackEvent(entry, this.dates) ?? []);
    }
  }

  async nowPlaying(): Promise<string[]> {
    const sessions = await this.http.get(
      '/status/sessions',
      api.container('Metadata', api.metadata),
    );
    return sessions.items.map((item) => item.ratingKey);
  }

  /** Deletes one version. 403 means the server does not allow media deletion. */
  async deleteMedia(ratingKey: string, mediaId: string): Promise<void> {
    await this.deleting(`/library/metadata/${ratingKey}/media/${mediaId}`);
  }

  async deleteItem(ratingKey: string): Promise<void> {
    await this.deleting(`/library/metadata/${ratingKey}`);
  }

  /** After a move: rescans only the folder that changed. */
  async refreshPath(sectionKey: string, directory: string): Promise<void> {
    // A GET that triggers work: sent once like a write, never retried.
    await this.http.write({
      method: 'GET',
      path: `/library/sections/${sectionKey}/refresh`,
      query: { path: directory },
    });
  }

  close(): void {
    this.http.close();
  }

  private async deleting(path: string): Promise<void> {
    try {
      await this.http.write({ method: 'DELETE', path });
    } catch (error) {
      if (error instanceof IntegrationError && error.status === 403) {
        throw this.http.fail(
          'DELETE',
          path,
          'unauthorized',
          'media deletion is disabled on the server (media_server_delete_disabled)',
          403,
        );
      }
      throw error;
    }
  }

  private all(sectionKey: string, type: number, since?: Date): AsyncGenerator<api.PlexMetadata[]> {
    // Plex filter syntax: `updatedAt>=<epoch>` is the key `updatedAt>` with the value.
    const query: Query = {
      type,
      includeGuids: 1,
      'updatedAt>': since ? Math.floor(since.getTime() / 1000) : undefined,
    };
    return this.paged(`/library/sections/${sectionKey}/all`, query, api.metadata);
  }

  private paged<T>(path: string, query: Query, item: Decoder<T>): AsyncGenerator<T[]> {
    const decode = api.container('Metadata', item);
    return pagesByOffset(
      async (start, size) => {
        const headers = {
          'X-Plex-Container-Start': String(start),
          'X-Plex-Container-Size': String(size),
        };
        const page = await this.http.get(path, decode, { query, headers });
        // A container without totalSize is a complete, unpaged answer.
        return { items: page.items, total: page.totalSize ?? start + page.items.length };
      },
      {
        pageSize: this.pageSize,
        parallel: 2,
        incomplete: (detail) => this.http.fail('GET', path, 'incomplete', detail),
      },
    );
  }
}
