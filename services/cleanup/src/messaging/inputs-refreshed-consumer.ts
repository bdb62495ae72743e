import { Consumer, type Runtime } from '@mcs/kit';
import { type Db, SCHEMA, type Tx } from '../db';
import { storeAnswer } from '../repositories/input-refresh.repository';

const MESSAGES = ['media.inputs_refreshed'] as const;

/** catalog's answer to a catalog.inputs.refresh, for the deletion run waiting on it (6.1). */
export function inputsRefreshedConsumer(
  runtime: Runtime,
  db: Db,
): Consumer<Tx, (typeof MESSAGES)[number]> {
  return new Consumer(runtime.broker, runtime.names, runtime.log, {
    service: SCHEMA,
    name: 'inputs-refreshed',
    messages: MESSAGES,
    db,
    schema: SCHEMA,
    handler: (message, tx) => storeAnswer(tx, message.payload),
  });
}
