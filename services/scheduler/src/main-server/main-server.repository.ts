import type { DbClient, Tx } from '../db';

/** catalog's word on the main media server: one row, the newest report. */
export const mainServerRepository = {
  async has(db: DbClient): Promise<boolean> {
    const row = await db.mainServer.findUnique({ where: { id: 1 } });
    return row?.hasMainServer ?? false;
  },

  /**
   * Until the transaction ends, one transaction at a time decides whether to ask catalog for
   * the main server's state; true when catalog has not answered and nobody has asked yet (no
   * request waits in the outbox).
   */
  async unknownLocked(tx: Tx): Promise<boolean> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('scheduler.main_server_report'))`;
    if ((await tx.mainServer.count()) > 0) return false;
    const pending = await tx.outboxMessage.count({
      where: { routingKey: 'catalog.main_server.report' },
    });
    return pending === 0;
  },

  /**
   * Keeps the newest report (by as_of): messages may arrive out of order. On a tie (two saves
   * in one millisecond) the one applied last wins, as it most likely came last.
   */
  async record(
    db: DbClient,
    report: { hasMainServer: boolean; serverType: string | null; asOf: Date },
  ): Promise<void> {
    await db.$executeRaw`
      INSERT INTO main_server (id, has_main_server, server_type, as_of)
      VALUES (1, ${report.hasMainServer}, ${report.serverType}, ${report.asOf})
      ON CONFLICT (id) DO UPDATE
        SET has_main_server = EXCLUDED.has_main_server, server_type = EXCLUDED.server_type,
            as_of = EXCLUDED.as_of
        WHERE main_server.as_of <= EXCLUDED.as_of`;
  },
};
