import type { DbClient } from '../db';

/** library, library_full, playback, playback_full: per service (the main server, a Seerr…). */
export type WatermarkName = 'library' | 'library_full' | 'playback' | 'playback_full';

export async function readWatermark(
  db: DbClient,
  name: WatermarkName,
  serviceId: number,
): Promise<Date | null> {
  const row = await db.watermark.findUnique({
    where: { name_serviceConfigId: { name, serviceConfigId: BigInt(serviceId) } },
  });
  return row?.value ?? null;
}

export async function writeWatermark(
  db: DbClient,
  name: WatermarkName,
  serviceId: number,
  value: Date,
): Promise<void> {
  await db.watermark.upsert({
    where: { name_serviceConfigId: { name, serviceConfigId: BigInt(serviceId) } },
    create: { name, serviceConfigId: BigInt(serviceId), value },
    update: { value },
  });
}

/** Database time: what updated_at columns are compared with. */
export async function databaseNow(db: DbClient): Promise<Date> {
  const rows = await db.$queryRaw<{ now: Date }[]>`SELECT now() AS now`;
  return (rows[0] as { now: Date }).now;
}
