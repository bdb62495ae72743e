import type { MessagePayload } from '@mcs/contracts';
import type { DbClient, Tx } from '../db';

export type SourceStatusWire = MessagePayload<'media.source_status_changed'>['sources'][number];

/** Keeps the snapshot unless the stored one is newer (events may arrive out of order). */
export async function replaceSourceStatus(
  tx: Tx,
  snapshot: MessagePayload<'media.source_status_changed'>,
): Promise<void> {
  const sources = JSON.stringify(snapshot.sources);
  await tx.$executeRaw`
    INSERT INTO source_status (id, as_of, sources)
    VALUES (1, ${new Date(snapshot.as_of)}, ${sources}::jsonb)
    ON CONFLICT (id) DO UPDATE SET as_of = EXCLUDED.as_of, sources = EXCLUDED.sources
     WHERE source_status.as_of < EXCLUDED.as_of`;
}

/** The stored states; none before catalog's first report. */
export async function sourceStatuses(db: DbClient): Promise<SourceStatusWire[]> {
  const row = await db.sourceStatus.findUnique({ where: { id: 1 } });
  // Validated against the contract when the message was consumed.
  return row ? (row.sources as SourceStatusWire[]) : [];
}
