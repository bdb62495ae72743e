import { num } from '@mcs/kit';
import type { ServerLibrary } from '../integrations/records';
import type { DbClient } from '../db';

export interface LibraryRecord {
  id: number;
  serviceConfigId: number;
  externalId: string;
  name: string;
  mediaType: 'movie' | 'series';
  enabled: boolean;
  itemCount: number | null;
  removedAt: Date | null;
}

export async function librariesOf(db: DbClient, serviceIds: number[]): Promise<LibraryRecord[]> {
  const rows = await db.library.findMany({
    where: { serviceConfigId: { in: serviceIds.map(BigInt) } },
    orderBy: { id: 'asc' },
  });
  return rows.map((row) => ({
    id: num(row.id),
    serviceConfigId: num(row.serviceConfigId),
    externalId: row.externalId,
    name: row.name,
    mediaType: row.mediaType as 'movie' | 'series',
    enabled: row.enabled,
    itemCount: row.itemCount,
    removedAt: row.removedAt,
  }));
}

/**
 * Records the libraries a media server reports: new ones are enabled, known ones keep their
 * flag, and ones it no longer reports are marked removed (their items leave on the next full
 * sync, through the guard).
 */
export async function syncLibraries(
  db: DbClient,
  serviceId: number,
  reported: ServerLibrary[],
  now: Date,
): Promise<LibraryRecord[]> {
  for (const library of reported) {
    await db.library.upsert({
      where: {
        serviceConfigId_externalId: {
          serviceConfigId: BigInt(serviceId),
          externalId: library.externalId,
        },
      },
      create: {
        serviceConfigId: BigInt(serviceId),
        externalId: library.externalId,
        name: library.name,
        mediaType: library.mediaType,
        locations: library.locations,
      },
      update: {
        name: library.name,
        mediaType: library.mediaType,
        locations: library.locations,
        removedAt: null,
        updatedAt: now,
      },
    });
  }
  await db.library.updateMany({
    where: {
      serviceConfigId: BigInt(serviceId),
      externalId: { notIn: reported.map((library) => library.externalId) },
      removedAt: null,
    },
    data: { removedAt: now },
  });
  return librariesOf(db, [serviceId]);
}

/** Applies library enable flags of one service; returns ids that are not its libraries. */
export async function setLibrariesEnabled(
  db: DbClient,
  serviceId: number,
  flags: { id: number; enabled: boolean }[],
): Promise<number[]> {
  const unknown: number[] = [];
  for (const flag of flags) {
    const { count } = await db.library.updateMany({
      where: { id: BigInt(flag.id), serviceConfigId: BigInt(serviceId) },
      data: { enabled: flag.enabled },
    });
    if (count === 0) unknown.push(flag.id);
  }
  return unknown;
}

export async function setLibraryCounts(db: DbClient, counts: Map<number, number>): Promise<void> {
  for (const [id, count] of counts)
    await db.library.update({ where: { id: BigInt(id) }, data: { itemCount: count } });
}
