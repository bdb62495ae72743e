/**
 * Tautulli (optional, §2.8): users and play history of the Plex server it reports on. The API
 * key can only travel as the `apikey` query parameter; the http layer keeps it out of errors.
 */
import { datesOf, httpOptions, type ClientConfig } from '../config';
import type { DateSanitiser } from '../dates';
import type { Decoder } from '../decode';
import { ShapeError } from '../decode';
import { HttpClient } from '../http';
import { pagesByOffset } from '../paging';
import type { PlaybackEventRecord, PlaybackUserRecord } from '../records';
import * as api from './api-types';

const PAGE_SIZE = 1000;

export class TautulliClient {
  private readonly http: HttpClient;
  private readonly dates: DateSanitiser;

  constructor(config: ClientConfig) {
    this.http = new HttpClient(
      httpOptions('tautulli', config, { query: { apikey: config.apiKey } }),
    );
    this.dates = datesOf(config);
  }

  async testConnection(): Promise<{ version: string }> {
    const info = await this.command('get_tautulli_info', {}, api.info);
    return { version: info.tautulli_version };
  }

  async users(): Promise<PlaybackUserRecord[]> {
    const users = await this.command('get_users', {}, api.users);
    return users.map((user) => ({
      externalId: user.user_id,
      username: user.username,
      email: user.email,
      displayName: user.friendly_name ?? user.username,
      isAdmin: false,
      lastSeenAt: null,
    }));
  }

  /**
   * History oldest first. `after` is the watermark's day; Tautulli filters by whole days, so
   * the caller passes watermark − 1 day and the ledger's unique key drops repeats (§1.7).
   */
  async *history(after?: Date): AsyncGenerator<PlaybackEventRecord[]> {
    const query = {
      grouping: 0,
      order_column: 'date',
      order_dir: 'asc',
      after: after?.toISOString().slice(0, 10),
    };
    const pages = pagesByOffset(
      async (start, length) => {
        const page = await this.command('get_history', { ...query, start, length }, api.history);
        return { items: page.data, total: page.recordsFiltered };
      },
      {
        pageSize: PAGE_SIZE,
        incomplete: (detail) => this.http.fail('GET', '/api/v2', 'incomplete', detail),
      },
    );
    for await (const rows of pages) yield rows.flatMap((row) => this.toEvent(row) ?? []);
  }

  close(): void {
    this.http.close();
  }

  private toEvent(row: api.TautulliHistoryRow): PlaybackEventRecord | null {
    if (row.id === null) return null; // still playing: it will be in a later read
    const kind =
      row.media_type === 'movie' || row.media_type === 'episode' ? row.media_type : 'other';
    return {
      sourceEventId: row.id,
      userExternalId: row.user_id,
      itemExternalId: row.rating_key,
      parentItemExternalId: row.parent_rating_key,
      grandparentItemExternalId: row.grandparent_rating_key,
      itemKind: kind,
      viewedAt:
        this.dates.event('viewed_at', row.stopped) ?? this.dates.event('viewed_at', row.started),
      durationS: row.play_duration,
      percentComplete: row.percent_complete,
      completed: row.watched_status === 1,
    };
  }

  private async command<T>(
    cmd: string,
    params: Record<string, string | number | undefined>,
    decode: Decoder<T>,
  ): Promise<T> {
    const { response } = await this.http.get('/api/v2', api.envelope, {
      query: { ...params, cmd },
    });
    if (response.result !== 'success') {
      const keyProblem = /api ?key/i.test(response.message ?? '');
      throw this.http.fail(
        'GET',
        '/api/v2',
        keyProblem ? 'unauthorized' : 'invalid_response',
        `command ${cmd} failed`,
      );
    }
    try {
      return decode(response.data);
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error;
      throw this.http.fail(
        'GET',
        '/api/v2',
        'invalid_response',
        `unexpected response: data.${error.message}`,
      );
    }
  }
}
