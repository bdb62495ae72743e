/**
 * Seerr requests: every 10th generated movie and every 5th generated series was requested by
 * one of the users, plus requests added by mutation. Request r is computed from r, so a sweep
 * over thousands of requests needs no stored list.
 */
import { hash, SALT } from '../prng';
import type { LibraryState } from './state';

export const MOVIE_REQUEST_EVERY = 10;
export const SERIES_REQUEST_EVERY = 5;

export interface SimRequest {
  id: number;
  mediaId: number;
  mediaType: 'movie' | 'tv';
  tmdbId: number;
  tvdbId: number | null;
  /** Seerr numbers: 1 pending, 2 approved, 3 declined, 4 failed, 5 completed. */
  status: number;
  user: number;
  createdAt: number;
  seasons: number[];
}

export class RequestBook {
  private readonly added: SimRequest[] = [];

  constructor(private readonly state: LibraryState) {}

  private get movieRequests(): number {
    return Math.ceil(this.state.options.movies / MOVIE_REQUEST_EVERY);
  }

  private get seriesRequests(): number {
    return Math.ceil(this.state.options.series / SERIES_REQUEST_EVERY);
  }

  get length(): number {
    return this.movieRequests + this.seriesRequests + this.added.length;
  }

  at(position: number): SimRequest {
    const { catalog, options } = this.state;
    if (position >= this.movieRequests + this.seriesRequests) {
      return this.added[position - this.movieRequests - this.seriesRequests] as SimRequest;
    }
    const h = hash(catalog.seed, SALT.requestStatus, position);
    const status = h % 20 < 12 ? 5 : h % 20 < 17 ? 2 : h % 20 < 19 ? 1 : 3;
    const user = position % options.users;
    if (position < this.movieRequests) {
      const movie = catalog.movie(position * MOVIE_REQUEST_EVERY);
      const createdAt = movie.addedAt - 2 * 86_400_000;
      return {
        id: position + 1,
        mediaId: position + 1,
        mediaType: 'movie',
        tmdbId: movie.tmdbId,
        tvdbId: null,
        status,
        user,
        createdAt,
        seasons: [],
      };
    }
    const series = catalog.series((position - this.movieRequests) * SERIES_REQUEST_EVERY);
    const seasons = h % 2 === 0 ? [] : [1];
    const createdAt = series.addedAt - 86_400_000;
    return {
      id: position + 1,
      mediaId: position + 1,
      mediaType: 'tv',
      tmdbId: series.tmdbId,
      tvdbId: series.tvdbId,
      status,
      user,
      createdAt,
      seasons,
    };
  }

  add(
    request: Omit<SimRequest, 'id' | 'mediaId' | 'createdAt' | 'status'> & { status?: number },
  ): SimRequest {
    const id = this.length + 1;
    const created: SimRequest = {
      ...request,
      status: request.status ?? 1,
      id,
      mediaId: id,
      createdAt: this.state.clock(),
    };
    this.added.push(created);
    return created;
  }
}
