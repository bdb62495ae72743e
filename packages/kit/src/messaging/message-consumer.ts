import { isMessageName, type MessageName } from '@mcs/contracts';
import type { Database, SqlClient } from '../data/database';
import type { Logger } from '../logger';
import type { BrokerConnection } from './connection';
import { Consumer, type ConsumerOptions, type MessageHandler } from './consumer';
import type { BrokerNames } from './topology';

/** One handler per message name, each given the message of its own name. */
export type MessageHandlers<Tx extends SqlClient, K extends MessageName, R = void> = {
  [N in K]: MessageHandler<Tx, N, R>;
};

/** What the consumer needs of the service's runtime (a Runtime is one). */
export interface ConsumerHost {
  /** Owning service: the queue is <namespace>.<service>.<name>, its inbox in that schema. */
  service: string;
  broker: BrokerConnection;
  names: BrokerNames;
  log: Logger;
}

export interface MessageConsumerOptions<
  Tx extends SqlClient,
  K extends MessageName,
  R,
> extends Omit<ConsumerOptions<Tx, K, R>, 'service' | 'messages' | 'handler' | 'schema'> {
  name: string;
  db: Database<Tx>;
  /** The queue binds the names of this map, and nothing else. */
  handlers: MessageHandlers<Tx, K, R>;
  /** The schema of the inbox table; the service's own unless given. */
  schema?: string;
}

/**
 * A Consumer (contract validation, inbox, acks, retries, dead-lettering) for a map from
 * message name to handler: the queue binds the map's names, and each handler gets the message
 * of its own name, so a consumer needs neither a list of names that can drift from its switch
 * nor a cast to narrow the payload.
 */
export function messageConsumer<Tx extends SqlClient, K extends MessageName, R = void>(
  host: ConsumerHost,
  options: MessageConsumerOptions<Tx, K, R>,
): Consumer<Tx, K, R> {
  const { handlers, schema, ...rest } = options;
  return new Consumer(host.broker, host.names, host.log, {
    ...rest,
    service: host.service,
    schema: schema ?? host.service,
    messages: namesOf(handlers),
    handler: (message, tx) => handlers[message.name](message, tx),
  });
}

/** The map's keys: names of K, as the map's type says (Object.keys only knows strings). */
function namesOf<K extends MessageName>(handlers: { [N in K]: unknown }): K[] {
  return Object.keys(handlers).filter((name): name is K => isMessageName(name));
}
