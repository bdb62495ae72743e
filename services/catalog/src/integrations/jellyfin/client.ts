/**
 * Jellyfin and Emby (one API family, §2.3). The differences that matter to us are the auth
 * header and a few stream fields; `flavor` selects them.
 */
import { datesOf, httpOptions, type ClientConfig } from '../config';
import type { DateSanitiser } from '../dates';
import { HttpClient, type Query } from '../http';
import { pagesByOffset } from '../paging';
import type {
  PlaybackUserRecord,
  ServerEpisode,
  ServerInfo,
  ServerLibrary,
  ServerMovie,
  ServerSeason,
  ServerSeries,
  WatchStateRecord,
} from '../records';
import * as api from './api-types';
import * as normalize from './normalize';

export interface JellyfinConfig extends ClientConfig {
  flavor?: 'jellyfin' | 'emby';
  /** Our install id, sent as the device id so the server lists one device for us. */
  deviceId?: string;
  clientVersion?: string;
  /** §2.2: 200. */
  pageSize?: number;
}

export interface ListOptions {
  /** Incremental: only items saved since this watermark (`MinDateLastSaved`). */
  since?: Date;
}

export type ItemKind = 'Movie' | 'Series' | 'Season' | 'Episode';

const FIELDS = {
  Movie:
    'ProviderIds,Path,MediaSources,DateCreated,DateLastSaved,Genres,ProductionYear,OriginalTitle',
  Series: 'ProviderIds,DateCreated,DateLastSaved,Genres,ProductionYear,OriginalTitle',
  Season: 'DateCreated,SeriesId',
  Episode:
    'ProviderIds,Path,MediaSources,DateCreated,DateLastSaved,PremiereDate,ParentIndexNumber,IndexNumber,SeriesId,SeasonId',
} satisfies Record<ItemKind, string>;

function authHeaders(config: JellyfinConfig): Record<string, string> {
  if (config.flavor === 'emby') return { 'X-Emby-Token': config.apiKey };
  const device = config.deviceId ?? 'media-cleanup-service';
  const version = config.clientVersion ?? '1.0.0';
  return {
    Authorization: `MediaBrowser Client="MediaCleanupService", Device="server", DeviceId="${device}", Version="${version}", Token="${config.apiKey}"`,
  };
}

export class JellyfinClient {
  private readonly http: HttpClient;
  private readonly dates: DateSanitiser;
  private readonly pageSize: number;

  constructor(config: JellyfinConfig) {
    this.http = new HttpClient(
      httpOptions(config.flavor ?? 'jellyfin', config, { headers: authHeaders(config) }),
    );
    this.dates = datesOf(config);
    this.pageSize = config.pageSize ?? 200;
  }

  async testConnection(): Promise<ServerInfo> {
    const info = await this.http.get('/System/Info', api.systemInfo);
    return { serverId: info.Id, name: info.ServerName, version: info.Version };
  }

  async users(): Promise<PlaybackUserRecord[]> {
    const users = await this.http.get('/Users', api.users);
    return users.map((user) => normalize.toUser(user, this.dates));
  }

  async libraries(): Promise<ServerLibrary[]> {
    const folders = await this.http.get('/Library/VirtualFolders', api.virtualFolders);
    return folders.flatMap((folder) => normalize.toLibrary(folder) ?? []);
  }

  async *movies(libraryId: string, options: ListOptions = {}): AsyncGenerator<ServerMovie[]> {
    for await (const page of this.items('Movie', libraryId, options)) {
      yield page.map((item) => normalize.toMovie(item, this.dates));
    }
  }

  async *series(libraryId: string, options: ListOptions = {}): AsyncGenerator<ServerSeries[]> {
    for await (const page of this.items('Series', libraryId, options)) {
      yield page.map((item) => normalize.toSeries(item, this.dates));
    }
  }

  async *seasons(libraryId: string, options: ListOptions = {}): AsyncGenerator<ServerSeason[]> {
    for await (const page of this.items('Season', libraryId, options)) {
      yield page.flatMap((item) => normalize.toSeason(item, this.dates) ?? []);
    }
  }

  async *episodes(libraryId: string, options: ListOptions = {}): AsyncGenerator<ServerEpisode[]> {
    for await (const page of this.items('Episode', libraryId, options)) {
      yield page.flatMap((item) => normalize.toEpisode(item, this.dates) ?? []);
    }
  }

  /** Played movies and episodes of one user with their UserData (§1.7). */
  async *watchStates(
    userId: string,
    options: ListOptions = {},
  ): AsyncGenerator<WatchStateRecord[]> {
    const query: Query = {
      Recursive: true,
      IncludeItemTypes: 'Movie,Episode',
      Filters: 'IsPlayed',
      Fields: 'UserData',
      MinDateLastSavedForUser: options.since?.toISOString(),
    };
    for await (const page of this.paged(`/Users/${encodeURIComponent(userId)}/Items`, query)) {
      yield page.flatMap((item) => normalize.toWatchState(userId, item, this.dates) ?? []);
    }
  }

  /** Ids of the user's favourite movies, series and episodes. */
  async *favorites(userId: string): AsyncGenerator<string[]> {
    const query: Query = {
      Recursive: true,
      IncludeItemTypes: 'Movie,Series,Episode',
      Filters: 'IsFavorite',
    };
    for await (const page of this.paged(`/Users/${encodeURIComponent(userId)}/Items`, query)) {
      yield page.map((item) => item.Id);
    }
  }

  /** Collections (BoxSets) with their member ids; there are few, so they are read whole. */
  async collections(): Promise<{ externalId: string; name: string; memberIds: string[] }[]> {
    const sets: { externalId: string; name: string; memberIds: string[] }[] = [];
    for await (const page of this.paged('/Items', {
      Recursive: true,
      IncludeItemTypes: 'BoxSet',
    })) {
      for (const set of page)
        sets.push({ externalId: set.Id, name: set.Name ?? '', memberIds: [] });
    }
    for (const set of sets) {
      for await (const page of this.paged('/Items', { ParentId: set.externalId })) {
        set.memberIds.push(...page.map((item) => item.Id));
      }
    }
    return sets;
  }

  /** Item ids being played right now. */
  async nowPlaying(): Promise<string[]> {
    const sessions = await this.http.get('/Sessions', api.sessions);
    return sessions.flatMap((session) =>
      session.NowPlayingItem ? [session.NowPlayingItem.Id] : [],
    );
  }

  /** Verification (§6.7): the item and its media source ids, or null when it is gone. */
  async findItem(
    itemId: string,
  ): Promise<{ externalId: string; type: string; mediaSourceIds: string[] } | null> {
    const result = await this.http.get('/Items', api.queryResult(api.baseItem), {
      query: { Ids: itemId, Fields: 'MediaSources,Path' },
    });
    const item = result.Items.find((candidate) => candidate.Id === itemId);
    return item
      ? { externalId: item.Id, type: item.Type, mediaSourceIds: item.MediaSources.map((s) => s.Id) }
      : null;
  }

  /** Deletes an item (or one version through its media source item id) with its files. */
  async deleteItem(itemId: string): Promise<void> {
    await this.http.write({ method: 'DELETE', path: `/Items/${encodeURIComponent(itemId)}` });
  }

  /** After a move: tells the server the old paths are gone so the items disappear (§6.6). */
  async reportDeleted(paths: string[]): Promise<void> {
    const body = { Updates: paths.map((path) => ({ Path: path, UpdateType: 'Deleted' })) };
    await this.http.write({ method: 'POST', path: '/Library/Media/Updated', body });
  }

  close(): void {
    this.http.close();
  }

  private items(
    kind: ItemKind,
    libraryId: string,
    options: ListOptions,
  ): AsyncGenerator<api.JellyfinBaseItemDto[]> {
    return this.paged('/Items', {
      ParentId: libraryId,
      IncludeItemTypes: kind,
      Recursive: true,
      Fields: FIELDS[kind],
      IsMissing: kind === 'Episode' ? false : undefined,
      MinDateLastSaved: options.since?.toISOString(),
    });
  }

  private paged(path: string, query: Query): AsyncGenerator<api.JellyfinBaseItemDto[]> {
    const decode = api.queryResult(api.baseItem);
    return pagesByOffset(
      async (start, size) => {
        const result = await this.http.get(path, decode, {
          query: { ...query, StartIndex: start, Limit: size },
        });
        return { items: result.Items, total: result.TotalRecordCount };
      },
      {
        pageSize: this.pageSize,
        parallel: 2,
        incomplete: (detail) => this.http.fail('GET', path, 'incomplete', detail),
      },
    );
  }
}
