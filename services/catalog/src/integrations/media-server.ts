/**
 * One face for the main media server, whichever family it is (Jellyfin/Emby or Plex): the
 * sync reads libraries and items through it, the executor deletes and verifies through it
 * (domain.md 6.5 fallback, 6.7). Ids are the server's own: Jellyfin item / media-source ids,
 * Plex rating keys and media ids.
 */
import { JellyfinClient } from './jellyfin';
import type { ListOptions } from './jellyfin';
import { PlexClient } from './plex';
import type {
  PlaybackUserRecord,
  ServerEpisode,
  ServerInfo,
  ServerLibrary,
  ServerMovie,
  ServerSeason,
  ServerSeries,
  WatchStateRecord,
} from './records';

export interface MediaServerClient {
  testConnection(): Promise<ServerInfo>;
  libraries(): Promise<ServerLibrary[]>;
  movies(libraryId: string, options?: ListOptions): AsyncGenerator<ServerMovie[]>;
  series(libraryId: string, options?: ListOptions): AsyncGenerator<ServerSeries[]>;
  seasons(libraryId: string, options?: ListOptions): AsyncGenerator<ServerSeason[]>;
  episodes(libraryId: string, options?: ListOptions): AsyncGenerator<ServerEpisode[]>;
  users(): Promise<PlaybackUserRecord[]>;
  /** Native per-user watch state; null when the server family has none (Plex: history). */
  watchStates(userId: string, options?: ListOptions): AsyncGenerator<WatchStateRecord[]> | null;
  /** Deletes one file of an item (a version). */
  deleteFile(itemId: string, fileId: string): Promise<void>;
  /** Deletes a whole item (movie, series, season, episode) with its files. */
  deleteItem(itemId: string): Promise<void>;
  /**
   * After a move (domain.md 6.6 step 5): tells the server the files at `paths` (as it knows
   * them) are gone, so their items disappear. Plex rescans their folders in its libraries.
   */
  refreshPaths(libraryIds: string[], paths: string[]): Promise<void>;
  /** Verification: the file ids the item still holds, or null when the item is gone. */
  fileIdsOf(itemId: string): Promise<string[] | null>;
  /** Item ids being played right now, one entry per session. */
  nowPlaying(): Promise<string[]>;
  close(): void;
}

export function jellyfinServer(client: JellyfinClient): MediaServerClient {
  return {
    testConnection: () => client.testConnection(),
    libraries: () => client.libraries(),
    movies: (id, options) => client.movies(id, options),
    series: (id, options) => client.series(id, options),
    seasons: (id, options) => client.seasons(id, options),
    episodes: (id, options) => client.episodes(id, options),
    users: () => client.users(),
    watchStates: (userId, options) => client.watchStates(userId, options),
    // A Jellyfin version is deleted through its own media-source item id.
    deleteFile: (_itemId, fileId) => client.deleteItem(fileId),
    deleteItem: (itemId) => client.deleteItem(itemId),
    refreshPaths: (_libraryIds, paths) => client.reportDeleted(paths),
    fileIdsOf: async (itemId) => (await client.findItem(itemId))?.mediaSourceIds ?? null,
    nowPlaying: () => client.nowPlaying(),
    close: () => client.close(),
  };
}

export function plexServer(client: PlexClient): MediaServerClient {
  return {
    testConnection: () => client.testConnection(),
    libraries: () => client.libraries(),
    movies: (id, options) => client.movies(id, options),
    series: (id, options) => client.series(id, options),
    seasons: (id, options) => client.seasons(id, options),
    episodes: (id, options) => client.episodes(id, options),
    users: () => client.users(),
    watchStates: () => null,
    deleteFile: (itemId, fileId) => client.deleteMedia(itemId, fileId),
    deleteItem: (itemId) => client.deleteItem(itemId),
    refreshPaths: async (libraryIds, paths) => {
      const folders = new Set(paths.map((path) => path.replace(/[\\/][^\\/]*$/, '')));
      for (const section of libraryIds)
        for (const folder of folders) await client.refreshPath(section, folder);
    },
    fileIdsOf: async (itemId) => {
      const ranges = await client.mediaRanges(itemId);
      return ranges ? [...ranges.keys()] : null;
    },
    nowPlaying: () => client.nowPlaying(),
    close: () => client.close(),
  };
}

export { JellyfinClient, PlexClient };
