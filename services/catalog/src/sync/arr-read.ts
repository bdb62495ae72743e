/**
 * Step 3 of the sync (domain.md 2.10): one list call per Radarr/Sonarr instance (plus Sonarr's
 * episode lists, ≤ 8 concurrent), tags and disk space. A list that looks wrong (empty, or
 * lost more than the guard ratio of what the instance held) is an anomaly: its references are
 * kept and the instance is unavailable for this run (2.11 input-anomaly guards).
 */
import { IdSet, type Logger } from '@mcs/kit';
import type { ServiceConfigRecord } from '../domain/service-config';
import type { ClientFactory } from '../integrations/client-factory';
import { IntegrationError } from '../integrations/errors';
import type { ListBatch, Listed } from '../integrations/http';
import type { SonarrClient } from '../integrations/sonarr';
import { type AlertInput, raiseAlert } from '../alerts/alert.repository';
import type { SourceUpdate } from '../sources/source-status.repository';
import type { Db } from '../db';
import type { MediaEvents } from '../messaging/media-events';
import {
  arrIds,
  countArr,
  episodeListsToRead,
  dropUnseen,
  knownDigests,
  storeArrEpisodes,
  storeArrMovies,
  storeArrSeries,
  storeDisks,
  storeTags,
  type ArrTable,
} from './arr.repository';
import type { SyncContext } from './context';
import type { SettingsReader } from '../settings';

export interface ArrDeps {
  db: Db;
  events: MediaEvents;
  clients: ClientFactory;
  ratio: number;
  log: Logger;
}

/** The ArrDeps of a sync's dependencies, with the guard ratio as the settings say now. */
export async function arrDepsOf(deps: {
  db: Db;
  events: MediaEvents;
  clients: ClientFactory;
  settings: SettingsReader;
  log: Logger;
}): Promise<ArrDeps> {
  const { db, events, clients, log } = deps;
  const { sync_removal_guard_ratio: ratio } = await deps.settings.current();
  return { db, events, clients, ratio, log };
}

export async function readRadarr(deps: ArrDeps, run: SyncContext, service: ServiceConfigRecord) {
  const client = deps.clients.radarr(service, run.dates);
  try {
    await storeTags(deps.db, service.id, await client.tags());
    await storeDisks(deps.db, service.id, await client.diskSpace(), run.now);
    const before = await countArr(deps.db, 'arr_movies', service.id);
    const known = run.full ? undefined : await knownDigests(deps.db, 'arr_movies', service.id);
    const seen = await storeStreamed(client.movies(1000, known), (batch) =>
      storeArrMovies(deps.db, service.id, batch),
    );
    return await conclude(deps, run, service, 'arr_movies', before, seen);
  } catch (error) {
    return failed(deps, service, error);
  } finally {
    client.close();
  }
}

export async function readSonarrSeries(
  deps: ArrDeps,
  run: SyncContext,
  service: ServiceConfigRecord,
) {
  const client = deps.clients.sonarr(service, run.dates);
  try {
    await storeTags(deps.db, service.id, await client.tags());
    await storeDisks(deps.db, service.id, await client.diskSpace(), run.now);
    const before = await countArr(deps.db, 'arr_series', service.id);
    const known = run.full ? undefined : await knownDigests(deps.db, 'arr_series', service.id);
    const seen = await storeStreamed(client.series(1000, known), (batch) =>
      storeArrSeries(deps.db, service.id, batch),
    );
    return await conclude(deps, run, service, 'arr_series', before, seen);
  } catch (error) {
    return failed(deps, service, error);
  } finally {
    client.close();
  }
}

/** Disk space alone (an on-demand refresh): one call to the instance. */
export async function readDiskSpace(
  deps: ArrDeps,
  run: SyncContext,
  service: ServiceConfigRecord,
): Promise<SourceUpdate[]> {
  const client =
    service.serviceType === 'radarr'
      ? deps.clients.radarr(service, run.dates)
      : deps.clients.sonarr(service, run.dates);
  try {
    await storeDisks(deps.db, service.id, await client.diskSpace(), run.now);
    return [ok('disk', service)];
  } catch (error) {
    if (!(error instanceof IntegrationError)) throw error;
    deps.log.warn({ service_config_id: service.id, code: error.code }, 'disk space read failed');
    return [unavailable('disk', service, error.code, error.message)];
  } finally {
    client.close();
  }
}

/**
 * Stores a streamed list batch by batch with one write in flight, so that PostgreSQL stores a
 * batch while the next one is parsed (the two took turns before, which nearly doubled the
 * time of a long list). Returns the ids seen, stored or known. Memory stays at two batches.
 *
 * Entries already known by digest are only counted as seen: an incremental run skips what is
 * byte-for-byte unchanged; a full run reads everything (no digests), so a value that depends
 * on the day (a date sanitised as "in the future") is re-read at least daily.
 */
async function storeStreamed<T extends { externalId: number }>(
  batches: AsyncIterable<ListBatch<T>>,
  store: (items: Listed<T>[]) => Promise<void>,
): Promise<IdSet> {
  const seen = new IdSet();
  let writing: Promise<void> = Promise.resolve();
  for await (const batch of batches) {
    for (const id of batch.known) seen.add(id);
    for (const item of batch.items) seen.add(item.value.externalId);
    if (batch.items.length === 0) continue;
    await writing;
    writing = store(batch.items);
    // Awaited on the next turn; until then a failure must not count as unhandled.
    writing.catch(() => undefined);
  }
  await writing;
  return seen;
}

/**
 * Episode lists of the instance's series: every series on a full sync; on an incremental one
 * only series whose Sonarr entry changed (its statistics move when files come or go). The
 * episode facts of other series wait for the next full sync (at most a day), which keeps an
 * incremental run to the one list call per instance of domain.md 2.10.
 */
export async function readSonarrEpisodes(
  deps: ArrDeps,
  run: SyncContext,
  service: ServiceConfigRecord,
): Promise<SourceUpdate[]> {
  const seriesIds = await episodeListsToRead(deps.db, service.id, run.full ? null : run.startedAt);
  const client = deps.clients.sonarr(service, run.dates);
  const seen = new IdSet();
  try {
    const before = run.full ? await countArr(deps.db, 'arr_episodes', service.id) : 0;
    await readAll(client, seriesIds, async (episodes) => {
      await storeArrEpisodes(deps.db, service.id, episodes);
      for (const episode of episodes) seen.add(episode.externalId);
    });
    if (!run.full) return [ok('arr', service)];
    return await conclude(deps, run, service, 'arr_episodes', before, seen);
  } catch (error) {
    return failed(deps, service, error);
  } finally {
    client.close();
  }
}

/** ≤ 8 lists in flight (the client's cap); written in batches of about 1000 episodes. */
async function readAll(
  client: SonarrClient,
  seriesIds: number[],
  write: (episodes: Awaited<ReturnType<SonarrClient['episodes']>>) => Promise<void>,
) {
  let next = 0;
  let buffer: Awaited<ReturnType<SonarrClient['episodes']>> = [];
  let writing = Promise.resolve();
  const flush = () => {
    const batch = buffer;
    buffer = [];
    writing = writing.then(() => write(batch));
    return writing;
  };
  let failed = false;
  const worker = async () => {
    try {
      while (next < seriesIds.length && !failed) {
        const id = seriesIds[next++] as number;
        buffer.push(...(await client.episodes(id)));
        if (buffer.length >= 1000) await flush();
      }
    } catch (error) {
      // The other workers stop at their next series instead of reading on for nothing.
      failed = true;
      throw error;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  await flush();
}

async function conclude(
  deps: ArrDeps,
  run: SyncContext,
  service: ServiceConfigRecord,
  table: ArrTable,
  before: number,
  seen: IdSet,
): Promise<SourceUpdate[]> {
  const unseen = (await arrIds(deps.db, table, service.id)).filter((id) => !seen.has(id));
  if (before > 0 && (seen.size === 0 || unseen.length > deps.ratio * before)) {
    const alert: AlertInput = {
      kind: 'source_unavailable',
      subject: `arr:${service.id}`,
      severity: 'warning',
      title: `${service.name} looks wrong`,
      message: `${service.name} reported ${seen.size} items after holding ${before}; its references were kept.`,
      data: { service_config_id: service.id, before, reported: seen.size },
    };
    await deps.db.$transaction((tx) => raiseAlert(tx, deps.events, alert, run.now));
    return [unavailable('arr', service, 'anomaly'), ok('disk', service)];
  }
  if (run.full) await dropUnseen(deps.db, table, service.id, unseen);
  return [ok('arr', service), ok('disk', service)];
}

function failed(deps: ArrDeps, service: ServiceConfigRecord, error: unknown): SourceUpdate[] {
  if (!(error instanceof IntegrationError)) throw error;
  deps.log.warn({ service_config_id: service.id, code: error.code }, 'arr read failed');
  return [
    unavailable('arr', service, error.code, error.message),
    unavailable('disk', service, error.code),
  ];
}

function ok(source: 'arr' | 'disk', service: ServiceConfigRecord): SourceUpdate {
  return {
    source,
    serviceConfigId: service.id,
    serviceType: service.serviceType,
    state: 'ok',
  };
}

function unavailable(
  source: 'arr' | 'disk',
  service: ServiceConfigRecord,
  reason: string,
  error?: string,
): SourceUpdate {
  return {
    source,
    serviceConfigId: service.id,
    serviceType: service.serviceType,
    state: 'unavailable',
    reason,
    error: error ?? null,
  };
}
