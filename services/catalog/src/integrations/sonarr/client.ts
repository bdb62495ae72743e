/**
 * Sonarr v3 (§2.6): series list, episodes per series, tags, disk space, and the write calls of
 * the action matrix (§6.5). Sonarr cannot remove a season or episode entry, so those scopes
 * only delete files and unmonitor.
 */
import { ArrClient } from '../arr/client';
import type { ArrEpisode, ArrFile, ArrSeries } from '../arr/records';
import { batches, toArrFile } from '../arr/shared';
import type { ClientConfig } from '../config';
import { array, integer, object, record } from '../decode';
import { mapList, type ListBatch } from '../http';
import * as api from './api-types';
import { toArrEpisode, toArrSeries } from './normalize';

export interface DeleteSeriesOptions {
  deleteFiles: boolean;
  /** The `arr_add_import_exclusion` setting (default true). */
  addImportListExclusion: boolean;
}

const seasonsOfRaw = array(object({ seasonNumber: integer }));

export class SonarrClient extends ArrClient {
  constructor(config: ClientConfig) {
    super('sonarr', config, { path: '/api/v3/series/editor', ids: 'seriesIds' });
  }

  /** Every series, streamed in batches (one bulk call, like the real API). */
  async *series(
    batchSize = 500,
    known?: ReadonlyMap<string, number>,
  ): AsyncGenerator<ListBatch<ArrSeries>> {
    yield* mapList(this.http.stream('/api/v3/series', api.series, batchSize, known), (series) =>
      toArrSeries(series, this.dates),
    );
  }

  /** Verification: null when the series entry is gone (404). */
  async seriesById(seriesId: number): Promise<ArrSeries | null> {
    const series = await this.http.find(`/api/v3/series/${seriesId}`, api.series);
    return series ? toArrSeries(series, this.dates) : null;
  }

  async episodes(seriesId: number): Promise<ArrEpisode[]> {
    const query = { seriesId, includeEpisodeFile: true };
    const episodes = await this.http.get('/api/v3/episode', api.episodes, { query });
    return episodes.map((episode) => toArrEpisode(episode, this.dates));
  }

  async episodeFiles(seriesId: number): Promise<ArrFile[]> {
    const files = await this.http.get('/api/v3/episodefile', api.episodeFiles, {
      query: { seriesId },
    });
    return files.map((file) => toArrFile(file, this.dates));
  }

  /** Verification: null when the file is gone (404). */
  async episodeFile(episodeFileId: number): Promise<ArrFile | null> {
    const file = await this.http.find(`/api/v3/episodefile/${episodeFileId}`, api.episodeFile);
    return file ? toArrFile(file, this.dates) : null;
  }

  async unmonitorSeries(seriesIds: number[]): Promise<void> {
    await this.edit(seriesIds, { monitored: false });
  }

  /**
   * Sonarr has no season endpoint: read the series, flip the season flags and PUT the whole
   * resource back. The raw object is sent back untouched otherwise, so fields this client does
   * not know survive.
   */
  async unmonitorSeasons(seriesId: number, seasonNumbers: number[]): Promise<void> {
    const path = `/api/v3/series/${seriesId}`;
    const series = await this.http.get(path, record);
    const seasons = seasonsOfRaw(series.seasons);
    const rawSeasons = series.seasons as Record<string, unknown>[];
    seasons.forEach((season, index) => {
      if (seasonNumbers.includes(season.seasonNumber))
        rawSeasons[index] = { ...rawSeasons[index], monitored: false };
    });
    await this.http.write({ method: 'PUT', path, body: { ...series, seasons: rawSeasons } });
  }

  async unmonitorEpisodes(episodeIds: number[]): Promise<void> {
    for (const ids of batches(episodeIds)) {
      await this.http.write({
        method: 'PUT',
        path: '/api/v3/episode/monitor',
        body: { episodeIds: ids, monitored: false },
      });
    }
  }

  async deleteSeries(seriesId: number, options: DeleteSeriesOptions): Promise<void> {
    await this.http.write({
      method: 'DELETE',
      path: `/api/v3/series/${seriesId}`,
      query: {
        deleteFiles: options.deleteFiles,
        addImportListExclusion: options.addImportListExclusion,
      },
    });
  }

  async deleteEpisodeFile(episodeFileId: number): Promise<void> {
    await this.http.write({ method: 'DELETE', path: `/api/v3/episodefile/${episodeFileId}` });
  }

  async deleteEpisodeFiles(episodeFileIds: number[]): Promise<void> {
    for (const ids of batches(episodeFileIds)) {
      await this.http.write({
        method: 'DELETE',
        path: '/api/v3/episodefile/bulk',
        body: { episodeFileIds: ids },
      });
    }
  }

  async rescan(seriesId: number): Promise<void> {
    await this.http.write({
      method: 'POST',
      path: '/api/v3/command',
      body: { name: 'RefreshSeries', seriesId },
    });
  }
}
