import type { MessagePayload } from '@mcs/contracts';
import type { Logger, Clock } from '@mcs/kit';
import type { Db, Tx } from '../db';
import type { ServiceConfigRecord } from '../domain/service-config';
import { IntegrationError } from '../integrations/errors';
import type { ClientFactory } from '../integrations/client-factory';
import type { MediaEvents } from '../messaging/media-events';
import { listServiceConfigs } from '../service-settings/service-settings.repository';
import {
  finishTagCommand,
  findTagCommand,
  holdersOf,
  queuedTagCommandIds,
  recordTagCommand,
  type TagHolder,
} from './tags.repository';

type Command = MessagePayload<'catalog.tags.apply'>;
type Failure = MessagePayload<'media.tags_applied'>['failures'][number];
type Change = Command['items'][number];
type ArrClient = ReturnType<ClientFactory['radarr']> | ReturnType<ClientFactory['sonarr']>;

/**
 * catalog.tags.apply (tag_cleanup_candidates, domain.md 9): adds and removes service-created
 * `mcs-` tags on the Radarr/Sonarr entries of movies and series, creating a tag where the
 * instance lacks it, one editor call per tag and batch of 100 entries. Answers with
 * media.tags_applied; an item is applied when every instance holding it took the change.
 */
export class TagsService {
  constructor(
    private readonly deps: {
      db: Db;
      events: MediaEvents;
      clients: ClientFactory;
      clock: Clock;
      log: Logger;
    },
  ) {}

  accept(tx: Tx, messageId: string, command: Command): Promise<number> {
    return recordTagCommand(tx, messageId, command);
  }

  /** Commands whose job may have been lost with Redis (the worker queues them again). */
  queued(): Promise<string[]> {
    return queuedTagCommandIds(this.deps.db);
  }

  /** False while the command's row is not committed yet (the job retries). */
  async apply(messageId: string): Promise<boolean> {
    const { db } = this.deps;
    const row = await findTagCommand(db, messageId);
    if (!row) return false;
    if (row.status === 'done') return true;
    const items = row.items as Change[];
    const holders = await holdersOf(db, items);
    const services = new Map((await listServiceConfigs(db)).map((s) => [s.id, s]));
    const failed = new Map<string, Failure>();
    for (const item of items) {
      if (holders.some((h) => h.mediaType === item.media_type && h.mediaId === item.media_id))
        continue;
      failed.set(keyOf(item), { ...itemKey(item), service_config_id: null, reason: 'not_linked' });
    }
    for (const [serviceId, instanceHolders] of groupBy(holders, (h) => h.serviceConfigId)) {
      const service = services.get(serviceId);
      if (!service) continue;
      for (const failure of await this.applyOn(service, items, instanceHolders))
        failed.set(keyOf(failure), failure);
    }
    await this.finish(messageId, row.runId === null ? null : Number(row.runId), items.length, [
      ...failed.values(),
    ]);
    return true;
  }

  private async applyOn(
    service: ServiceConfigRecord,
    items: Change[],
    holders: TagHolder[],
  ): Promise<Failure[]> {
    const client: ArrClient =
      service.serviceType === 'radarr'
        ? this.deps.clients.radarr(service)
        : this.deps.clients.sonarr(service);
    const arrIdOf = new Map(holders.map((h) => [`${h.mediaType}:${h.mediaId}`, h.arrId]));
    const mine = items.filter((item) => arrIdOf.has(keyOf(item)));
    try {
      const tags = new Map((await client.tags()).map((tag) => [tag.label, tag.id]));
      for (const label of new Set(mine.flatMap((item) => item.add))) {
        const id = tags.get(label) ?? (await client.createTag(label)).id;
        await client.addTag(
          idsWith(mine, arrIdOf, (item) => item.add.includes(label)),
          id,
        );
      }
      // Only tags the service created are ever removed; an unknown one is already absent.
      for (const label of new Set(mine.flatMap((item) => item.remove))) {
        const id = tags.get(label);
        if (id !== undefined)
          await client.removeTag(
            idsWith(mine, arrIdOf, (item) => item.remove.includes(label)),
            id,
          );
      }
      return [];
    } catch (error) {
      if (!(error instanceof IntegrationError)) throw error;
      this.deps.log.warn({ service_config_id: service.id, code: error.code }, 'tagging failed');
      return mine.map((item) => ({
        ...itemKey(item),
        service_config_id: service.id,
        reason: error.code,
      }));
    } finally {
      client.close();
    }
  }

  private async finish(
    messageId: string,
    runId: number | null,
    total: number,
    failures: Failure[],
  ) {
    const now = this.deps.clock();
    const failedItems = new Set(failures.map(keyOf)).size;
    await this.deps.db.$transaction(async (tx) => {
      if ((await finishTagCommand(tx, messageId, now)) === 0) return;
      await this.deps.events.add(tx, 'media.tags_applied', {
        run_id: runId,
        command_message_id: messageId,
        items_applied: total - failedItems,
        failures,
        finished_at: now.toISOString(),
      });
    });
  }
}

const itemKey = (item: { media_type: 'movie' | 'series'; media_id: number }) => ({
  media_type: item.media_type,
  media_id: item.media_id,
});
const keyOf = (item: { media_type: string; media_id: number }) =>
  `${item.media_type}:${item.media_id}`;

function idsWith(
  items: Change[],
  arrIdOf: Map<string, number>,
  test: (item: Change) => boolean,
): number[] {
  return items.filter(test).map((item) => arrIdOf.get(keyOf(item)) as number);
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
