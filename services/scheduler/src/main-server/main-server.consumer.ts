import { messageConsumer, type Runtime } from '@mcs/kit';
import type { Db } from '../db';
import type { MainServerService } from './main-server.service';

/** catalog's word on the main media server, the newest kept (a later as_of wins). */
export function mainServerConsumer(runtime: Runtime, db: Db, mainServer: MainServerService) {
  return messageConsumer(runtime, {
    name: 'main-server',
    db,
    handlers: {
      'catalog.main_server_changed': ({ payload }, tx) => mainServer.record(tx, payload),
    },
  });
}
