import type { MessageName } from '@mcs/contracts';
import { Consumer, type ConsumerOptions, type Runtime } from '@mcs/kit';
import { SCHEMA, type Db, type Tx } from './db';

type Own<K extends MessageName> = Pick<ConsumerOptions<Tx, K>, 'name' | 'messages' | 'handler'>;

/** One of the scheduler's consumers: its queue, inbox and transactions in the scheduler's schema. */
export function schedulerConsumer<K extends MessageName>(runtime: Runtime, db: Db, own: Own<K>) {
  return new Consumer<Tx, K>(runtime.broker, runtime.names, runtime.log, {
    service: SCHEMA,
    db,
    schema: SCHEMA,
    ...own,
  });
}
