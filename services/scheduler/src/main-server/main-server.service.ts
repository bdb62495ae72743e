import type { MessagePayload } from '@mcs/contracts';
import type { Outbox } from '@mcs/kit';
import type { Db, Tx } from '../db';
import { mainServerRepository } from './main-server.repository';

/** Whether a main media server exists, as catalog last said (tasks that need one wait for it). */
export class MainServerService {
  constructor(private readonly deps: { db: Db; outbox: Outbox }) {}

  /** catalog.main_server_changed, in the consumer's transaction: the newest as_of wins. */
  record(tx: Tx, report: MessagePayload<'catalog.main_server_changed'>): Promise<void> {
    return mainServerRepository.record(tx, {
      hasMainServer: report.has_main_server,
      serverType: report.server_type,
      asOf: new Date(report.as_of),
    });
  }

  /**
   * First start (or a wiped projection): ask catalog for the current state. The advisory lock
   * and the request kept in the outbox stop replicas starting together from asking twice; a
   * second answer would be harmless anyway (the newest as_of wins).
   */
  requestIfUnknown(): Promise<boolean> {
    return this.deps.db.$transaction(async (tx) => {
      if (!(await mainServerRepository.unknownLocked(tx))) return false;
      await this.deps.outbox.add(tx, 'catalog.main_server.report', {
        requested_by_service: 'scheduler',
      });
      return true;
    });
  }
}
