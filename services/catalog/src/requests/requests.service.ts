import type { MessagePayload } from '@mcs/contracts';
import {
  type Logger,
  type Clock,
  type TaskContext,
  type TaskOutcome,
  isoOrNull,
  num,
} from '@mcs/kit';
import type { SettingsReader } from '../settings';
import type { Db } from '../db';
import type { ServiceConfigRecord } from '../domain/service-config';
import { DateSanitiser } from '../integrations/dates';
import { IntegrationError } from '../integrations/errors';
import type { ClientFactory } from '../integrations/client-factory';
import type { SeerrRequest, SeerrUser } from '../integrations/seerr';
import type { MediaEvents } from '../messaging/media-events';
import { type AlertInput, raiseAlert } from '../alerts/alert.repository';
import { enabledOfType } from '../service-settings/service-settings.repository';
import { lastSuccesses, type SourceUpdate } from '../sources/source-status.repository';
import type { SourceStatusService } from '../sources/source-status.service';
import {
  countRequests,
  replaceSnapshot,
  requestSignatures,
  requestsOf,
  type RequestRow,
} from './requests.repository';

type RequestsItem = MessagePayload<'media.requests_changed'>['items'][number];

export interface RequestsDeps {
  db: Db;
  events: MediaEvents;
  clients: ClientFactory;
  sources: SourceStatusService;
  settings: SettingsReader;
  clock: Clock;
  log: Logger;
}

/**
 * sync_requests (domain.md 2.7, 2.10): one complete sweep per Seerr instance replaces its
 * snapshot atomically; an incomplete or implausibly shrunken sweep keeps the previous one.
 * Items whose requests changed get their full request list in media.requests_changed.
 */
export class RequestsService {
  constructor(private readonly deps: RequestsDeps) {}

  async run(context: TaskContext): Promise<TaskOutcome> {
    const instances = await enabledOfType(this.deps.db, ['seerr']);
    if (instances.length === 0)
      return { itemsProcessed: 0, summary: { requests: 0, items_changed: 0 } };
    const { requests, changed } = await this.sweepAll(instances, (processed) =>
      context.progress({ progress: null, itemsProcessed: processed, phase: 'sweep' }),
    );
    return { itemsProcessed: requests, summary: { requests, items_changed: changed } };
  }

  /**
   * catalog.inputs.refresh (domain.md 4.1 step 2): sweeps again only the instances whose last
   * good snapshot is older than `staleBefore` (or that never had one); the others keep theirs.
   * The caller holds the sync_requests lock.
   */
  async refreshStale(staleBefore: Date): Promise<void> {
    const last = await lastSuccesses(this.deps.db, 'seerr');
    const stale = (await enabledOfType(this.deps.db, ['seerr'])).filter(
      (seerr) => (last.get(seerr.id) ?? new Date(0)) < staleBefore,
    );
    if (stale.length > 0) await this.sweepAll(stale, () => Promise.resolve());
  }

  /**
   * Sweeps the instances, then publishes media.requests_changed for the items whose requests
   * changed and records the instances' source states, in that order.
   */
  private async sweepAll(
    instances: ServiceConfigRecord[],
    progress: (processed: number) => Promise<void>,
  ): Promise<{ requests: number; changed: number }> {
    const { db } = this.deps;
    const before = await requestSignatures(db);
    const sources: SourceUpdate[] = [];
    let processed = 0;
    for (const seerr of instances) {
      const outcome = await this.sweep(seerr);
      sources.push(outcome.source);
      processed += outcome.requests;
      await progress(processed);
    }
    const after = await requestSignatures(db);
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
      (key) => before.get(key) !== after.get(key),
    );
    await this.publish(changed);
    await this.deps.sources.record(sources);
    return { requests: processed, changed: changed.length };
  }

  private async sweep(
    seerr: ServiceConfigRecord,
  ): Promise<{ source: SourceUpdate; requests: number }> {
    const { db, clock } = this.deps;
    const client = this.deps.clients.seerr(seerr, new DateSanitiser(clock));
    const source = (
      state: 'ok' | 'unavailable',
      reason?: string,
      error?: string,
    ): SourceUpdate => ({
      source: 'seerr',
      serviceConfigId: seerr.id,
      serviceType: 'seerr',
      state,
      reason: reason ?? null,
      error: error ?? null,
    });
    try {
      const users: SeerrUser[] = [];
      for await (const page of client.users()) users.push(...page);
      const requests: SeerrRequest[] = [];
      for await (const page of client.requests()) requests.push(...page);
      const previous = await countRequests(db, seerr.id);
      const { sync_removal_guard_ratio: ratio } = await this.deps.settings.current();
      if (requests.length < (1 - ratio) * previous) {
        const alert: AlertInput = {
          kind: 'source_unavailable',
          subject: `seerr:${seerr.id}`,
          severity: 'warning',
          title: `${seerr.name} looks wrong`,
          message: `${seerr.name} reported ${requests.length} requests after ${previous}; the previous snapshot was kept.`,
          data: { service_config_id: seerr.id, before: previous, reported: requests.length },
        };
        await db.$transaction((tx) => raiseAlert(tx, this.deps.events, alert, clock()));
        return { source: source('unavailable', 'anomaly'), requests: 0 };
      }
      await db.$transaction((tx) => replaceSnapshot(tx, seerr.id, users, requests), {
        timeout: 60_000,
      });
      return { source: source('ok'), requests: requests.length };
    } catch (error) {
      if (!(error instanceof IntegrationError)) throw error;
      return { source: source('unavailable', error.code, error.message), requests: 0 };
    } finally {
      client.close();
    }
  }

  /** The full request list of each changed item; `[]` when it has none any more. */
  async publish(keys: string[]): Promise<void> {
    const asOf = this.deps.clock().toISOString();
    for (let start = 0; start < keys.length; start += 500) {
      const slice = keys.slice(start, start + 500);
      const rows = await requestsOf(this.deps.db, slice);
      const items: RequestsItem[] = slice.map((key) => {
        const { mediaType, mediaId } = keyParts(key);
        return {
          media_type: mediaType,
          media_id: mediaId,
          as_of: asOf,
          requests: rows
            .filter((r) => `${r.media_type}:${Number(r.item_id)}` === key)
            .flatMap(requestFacts),
        };
      });
      await this.deps.db.$transaction((tx) =>
        this.deps.events.add(tx, 'media.requests_changed', { items }),
      );
    }
  }
}

const keyParts = (key: string) => {
  const [type, id] = key.split(':');
  return { mediaType: type as 'movie' | 'series', mediaId: num(Number(id)) };
};

/** A request without a known requester cannot be attributed and is left out. */
function requestFacts(row: RequestRow): RequestsItem['requests'] {
  if (row.requested_by_seerr_user_id === null || row.requested_by_seerr_user_id < 1) return [];
  const serviceId = Number(row.service_config_id);
  return [
    {
      service_config_id: serviceId,
      seerr_request_id: row.seerr_request_id,
      status: row.status,
      is_4k: row.is_4k,
      requested_by: row.requested_by_seerr_user_id,
      requester_identities: {
        seerr_user_key: `${serviceId}:${row.requested_by_seerr_user_id}`,
        display_name: row.display_name,
        username: row.username,
        email: row.email,
        plex_id: row.plex_id,
        plex_username: row.plex_username,
        jellyfin_user_id: row.jellyfin_user_id,
        jellyfin_username: row.jellyfin_username,
      },
      requested_at: isoOrNull(row.requested_at),
      updated_at: isoOrNull(row.updated_at),
      season_numbers: row.season_numbers,
    },
  ];
}
