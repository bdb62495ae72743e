import type { MessagePayload } from '@mcs/contracts';
import { num } from '@mcs/kit';
import type { DbClient } from '../db';

type Disk = MessagePayload<'media.disk_space_changed'>['disks'][number];

/** Every known Arr disk of enabled instances, by opaque id (never its path). */
export async function diskFacts(db: DbClient): Promise<Disk[]> {
  const rows = await db.$queryRaw<
    {
      disk_id: string;
      service_config_id: bigint;
      free_bytes: bigint;
      total_bytes: bigint;
      checked_at: Date;
    }[]
  >`
    SELECT d.disk_id, d.service_config_id, d.free_bytes, d.total_bytes, d.checked_at
      FROM arr_disks d JOIN service_configs s ON s.id = d.service_config_id AND s.enabled
     ORDER BY d.service_config_id, d.disk_id`;
  return rows.map((row) => {
    const free = num(row.free_bytes);
    const total = num(row.total_bytes);
    return {
      disk_id: row.disk_id,
      service_config_id: num(row.service_config_id),
      free_bytes: free,
      total_bytes: total,
      free_percent: total > 0 ? Math.min(100, Math.round((free / total) * 10000) / 100) : 0,
      checked_at: row.checked_at.toISOString(),
    };
  });
}
