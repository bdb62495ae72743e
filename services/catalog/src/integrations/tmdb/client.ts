/**
 * TMDB (API v3, §2.9.1): one details call per movie or series, by TMDB id, with its external
 * ids. At most 8 calls at once and 20 started per second (§2.2); an answer is capped at 1 MiB
 * (a series with every season is tens of kilobytes). A 404 is an answer: TMDB has no such
 * title.
 */
import { httpOptions, type ClientConfig } from '../config';
import { HttpClient } from '../http';
import { HTTP_DEFAULTS } from '../http-options';
import * as api from './api-types';

const MAX_RESPONSE_BYTES = 1024 * 1024;
const MIN_INTERVAL_MS = 50;

export class TmdbClient {
  private readonly http: HttpClient;
  private readonly pace: Pacer;

  constructor(config: ClientConfig) {
    const limits = config.limits ?? HTTP_DEFAULTS.limits;
    this.http = new HttpClient(
      httpOptions(
        'tmdb',
        {
          ...config,
          limits: { ...limits, responseBytes: Math.min(limits.responseBytes, MAX_RESPONSE_BYTES) },
        },
        credentials(config.apiKey),
      ),
    );
    this.pace = new Pacer(MIN_INTERVAL_MS, config.sleep ?? HTTP_DEFAULTS.sleep);
  }

  async movie(tmdbId: number): Promise<api.TmdbMovie | null> {
    await this.pace.turn();
    return this.http.find(`/movie/${tmdbId}`, api.movie, { query: EXTERNAL_IDS });
  }

  async tv(tmdbId: number): Promise<api.TmdbTv | null> {
    await this.pace.turn();
    return this.http.find(`/tv/${tmdbId}`, api.tv, { query: EXTERNAL_IDS });
  }

  close(): void {
    this.http.close();
  }
}

const EXTERNAL_IDS = { append_to_response: 'external_ids' };

/**
 * The setting holds a v4 read access token (a JWT: header, claims, signature) or a v3 API key.
 * A token goes in the Authorization header; TMDB takes a v3 key only as the `api_key` query
 * parameter, which the client redacts from every error like a header.
 */
function credentials(key: string): {
  headers?: Record<string, string>;
  query?: Record<string, string>;
} {
  return key.split('.').length === 3
    ? { headers: { Authorization: `Bearer ${key}` } }
    : { query: { api_key: key } };
}

/** Spaces the starts of calls at least `intervalMs` apart, in the order they asked. */
class Pacer {
  private next = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {}

  async turn(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + this.intervalMs;
    if (at > now) await this.sleep(at - now);
  }
}
