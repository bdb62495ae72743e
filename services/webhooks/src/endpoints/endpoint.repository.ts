import type { SealedColumns } from '@mcs/kit';
import type { DbClient, Tx } from '../db';
import type { EndpointRow } from './endpoint-record';

type Columns = Omit<EndpointRow, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;
type Change = Partial<Columns>;

/** The columns sealed with the SecretBox, for `pnpm secrets:reencrypt` (src/reencrypt.ts). */
export const SEALED_COLUMNS: SealedColumns[] = [
  {
    table: 'endpoints',
    key: 'id',
    columns: [
      'headers_encrypted',
      'auth_password_encrypted',
      'signing_secret_encrypted',
      'previous_secret_encrypted',
    ],
  },
];

/** Webhook endpoints (events-webhooks.md §3) and the delivery cancellation they cause (§4.9). */
export const endpointRepository = {
  async insert(db: DbClient, columns: Columns, now: Date): Promise<EndpointRow> {
    return db.endpoint.create({ data: { ...columns, createdAt: now, updatedAt: now } });
  },

  /** A live (not deleted) endpoint, or null. */
  async findLive(db: DbClient, id: bigint): Promise<EndpointRow | null> {
    return db.endpoint.findFirst({ where: { id, deletedAt: null } });
  },

  /**
   * The live endpoint, locked for the rest of the transaction. FOR UPDATE conflicts with the
   * FOR SHARE of delivery creation (delivery.repository.ts) and of a manual retry: a disable or
   * delete waits for them and then cancels what they made pending, or they wait and see it.
   */
  async lockLive(tx: Tx, id: bigint): Promise<EndpointRow | null> {
    const locked = await tx.$queryRaw<{ id: bigint }[]>`
      SELECT id FROM endpoints WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`;
    return locked.length === 0 ? null : tx.endpoint.findUnique({ where: { id } });
  },

  /** The names of the live endpoints. */
  async liveNames(db: DbClient): Promise<string[]> {
    const rows = await db.endpoint.findMany({ where: { deletedAt: null }, select: { name: true } });
    return rows.map((row) => row.name);
  },

  /** Live endpoints by name, case-insensitively, then id (§3.4). */
  async listLive(db: DbClient): Promise<EndpointRow[]> {
    const ids = await db.$queryRaw<{ id: bigint }[]>`
      SELECT id FROM endpoints WHERE deleted_at IS NULL ORDER BY lower(name), id`;
    const rows = await db.endpoint.findMany({ where: { id: { in: ids.map((row) => row.id) } } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap(({ id }) => byId.get(id) ?? []);
  },

  async update(db: DbClient, id: bigint, change: Change, now: Date): Promise<EndpointRow> {
    return db.endpoint.update({ where: { id }, data: { ...change, updatedAt: now } });
  },

  async softDelete(db: DbClient, id: bigint, now: Date): Promise<void> {
    await db.endpoint.update({
      where: { id },
      data: { deletedAt: now, enabled: false, updatedAt: now },
    });
  },

  /**
   * §4.9: the endpoint's pending deliveries become `canceled` with `reason`. A lease is left
   * alone: the attempt in flight finishes and records its own outcome.
   */
  async cancelPending(tx: Tx, endpointId: bigint, reason: string, now: Date): Promise<number> {
    const { count } = await tx.delivery.updateMany({
      where: { endpointId, status: 'pending' },
      data: { status: 'canceled', lastError: reason, nextAttemptAt: null, updatedAt: now },
    });
    return count;
  },
};
