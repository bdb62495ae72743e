import type { Runtime } from '@mcs/kit';
import { schedulerConsumer } from '../consumer';
import type { Db } from '../db';
import type { MainServerService } from './main-server.service';

/** catalog's word on the main media server, the newest kept (a later as_of wins). */
export function mainServerConsumer(runtime: Runtime, db: Db, mainServer: MainServerService) {
  return schedulerConsumer(runtime, db, {
    name: 'main-server',
    messages: ['catalog.main_server_changed'] as const,
    handler: ({ payload }, tx) => mainServer.record(tx, payload),
  });
}
