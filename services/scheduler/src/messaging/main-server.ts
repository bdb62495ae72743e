import type { Outbox, Runtime } from '@mcs/kit';
import type { Db } from '../db';
import { taskRepository } from '../repositories/task.repository';
import { schedulerConsumer } from './consumer';

/** catalog's word on the main media server, the newest kept (a later as_of wins). */
export function mainServerConsumer(runtime: Runtime, db: Db) {
  return schedulerConsumer(runtime, db, {
    name: 'main-server',
    messages: ['catalog.main_server_changed'] as const,
    handler: ({ payload }, tx) =>
      taskRepository.recordMainServer(tx, {
        hasMainServer: payload.has_main_server,
        serverType: payload.server_type,
        asOf: new Date(payload.as_of),
      }),
  });
}

/**
 * First start (or a wiped projection): ask catalog for the current state. The advisory lock
 * and the request kept in the outbox stop replicas starting together from asking twice; a
 * second answer would be harmless anyway (the newest as_of wins).
 */
export async function requestMainServerIfUnknown(db: Db, outbox: Outbox): Promise<boolean> {
  return db.$transaction(async (tx) => {
    if (!(await taskRepository.mainServerUnknownLocked(tx))) return false;
    await outbox.add(tx, 'catalog.main_server.report', { requested_by_service: 'scheduler' });
    return true;
  });
}
