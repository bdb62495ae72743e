/**
 * Radarr v3 (§2.5): the movie list, tags, disk space, and the write calls the executor needs
 * (§6.5): delete with or without files and import exclusion, delete one file, tag, unmonitor,
 * rescan. Orchestration (pacing, verification, routing) lives with the executor, not here.
 */
import { ArrClient } from '../arr/client';
import type { ArrFile, ArrMovie } from '../arr/records';
import { toArrFile } from '../arr/shared';
import type { ClientConfig } from '../config';
import { mapList, type ListBatch } from '../http';
import * as api from './api-types';
import { toArrMovie } from './normalize';

export interface DeleteMovieOptions {
  /** false when the service moved the files itself (§6.6). */
  deleteFiles: boolean;
  /** The `arr_add_import_exclusion` setting (default true). */
  addImportExclusion: boolean;
}

export class RadarrClient extends ArrClient {
  constructor(config: ClientConfig) {
    super('radarr', config, { path: '/api/v3/movie/editor', ids: 'movieIds' });
  }

  /**
   * Every movie, streamed in batches: the real endpoint has no paging (one bulk call). Entries
   * whose digest is in `known` come back as ids only (HttpClient.stream).
   */
  async *movies(
    batchSize = 500,
    known?: ReadonlyMap<string, number>,
  ): AsyncGenerator<ListBatch<ArrMovie>> {
    yield* mapList(this.http.stream('/api/v3/movie', api.movie, batchSize, known), (movie) =>
      toArrMovie(movie, this.dates),
    );
  }

  /** Verification: null when the movie entry is gone (404). */
  async movie(movieId: number): Promise<ArrMovie | null> {
    const movie = await this.http.find(`/api/v3/movie/${movieId}`, api.movie);
    return movie ? toArrMovie(movie, this.dates) : null;
  }

  async movieFiles(movieId: number): Promise<ArrFile[]> {
    const files = await this.http.get('/api/v3/moviefile', api.movieFiles, { query: { movieId } });
    return files.map((file) => toArrFile(file, this.dates));
  }

  async unmonitor(movieIds: number[]): Promise<void> {
    await this.edit(movieIds, { monitored: false });
  }

  async deleteMovie(movieId: number, options: DeleteMovieOptions): Promise<void> {
    await this.http.write({
      method: 'DELETE',
      path: `/api/v3/movie/${movieId}`,
      query: { deleteFiles: options.deleteFiles, addImportExclusion: options.addImportExclusion },
    });
  }

  async deleteMovieFile(movieFileId: number): Promise<void> {
    await this.http.write({ method: 'DELETE', path: `/api/v3/moviefile/${movieFileId}` });
  }

  /** After a move, so Radarr notices the file is gone. */
  async rescan(movieIds: number[]): Promise<void> {
    await this.http.write({
      method: 'POST',
      path: '/api/v3/command',
      body: { name: 'RefreshMovie', movieIds },
    });
  }
}
