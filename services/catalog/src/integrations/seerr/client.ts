/**
 * Seerr (Overseerr / Jellyseerr, API v1, §2.7). The requests sweep is one paginated pass that
 * either completes (every page read, counts consistent) or throws `incomplete`; the sync keeps
 * the previous snapshot in that case.
 */
import { datesOf, httpOptions, type ClientConfig } from '../config';
import type { DateSanitiser } from '../dates';
import type { Decoder } from '../decode';
import { HttpClient } from '../http';
import { pagesByOffset } from '../paging';
import * as api from './api-types';
import { toSeerrRequest, toSeerrUser } from './normalize';
import type { SeerrRequest, SeerrStatus, SeerrUser } from './records';

export class SeerrClient {
  private readonly http: HttpClient;
  private readonly dates: DateSanitiser;

  constructor(
    config: ClientConfig,
    /** §2.2: 100. */
    private readonly pageSize = 100,
  ) {
    this.http = new HttpClient(
      httpOptions('seerr', config, { headers: { 'X-Api-Key': config.apiKey } }),
    );
    this.dates = datesOf(config);
  }

  async testConnection(): Promise<SeerrStatus> {
    const status = await this.http.get('/api/v1/status', api.status);
    const me = toSeerrUser(await this.http.get('/api/v1/auth/me', api.user));
    return { version: status.version, userId: me.externalId, userName: me.displayName };
  }

  async *requests(): AsyncGenerator<SeerrRequest[]> {
    const query = { filter: 'all', sort: 'added' };
    for await (const page of this.paged('/api/v1/request', api.mediaRequest, query)) {
      yield page.flatMap((request) => toSeerrRequest(request, this.dates) ?? []);
    }
  }

  async *users(): AsyncGenerator<SeerrUser[]> {
    for await (const page of this.paged('/api/v1/user', api.user, {})) {
      yield page.map(toSeerrUser);
    }
  }

  /** Clears Seerr's media entry after the whole item was deleted (§6.5). */
  async deleteMedia(seerrMediaId: number): Promise<void> {
    await this.http.write({ method: 'DELETE', path: `/api/v1/media/${seerrMediaId}` });
  }

  close(): void {
    this.http.close();
  }

  private paged<T>(
    path: string,
    item: Decoder<T>,
    query: Record<string, string>,
  ): AsyncGenerator<T[]> {
    const decode = api.page(item);
    return pagesByOffset(
      async (skip, take) => {
        const page = await this.http.get(path, decode, { query: { ...query, take, skip } });
        return { items: page.results, total: page.pageInfo.results };
      },
      {
        pageSize: this.pageSize,
        parallel: 2,
        incomplete: (detail) => this.http.fail('GET', path, 'incomplete', detail),
      },
    );
  }
}
