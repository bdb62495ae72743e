import { Consumer, type ReceivedMessage, type Runtime } from '@mcs/kit';
import { type Db, SCHEMA, type Tx } from '../db';
import {
  replaceDiskSpace,
  replaceRequests,
  replaceWatchData,
} from '../repositories/rule-inputs.repository';

/** catalog's watch data, Seerr requests and disk space, kept for rule evaluation (domain.md 3.4). */
const MESSAGES = [
  'media.watch_data_changed',
  'media.requests_changed',
  'media.disk_space_changed',
] as const;

type Name = (typeof MESSAGES)[number];
type Received = { [K in Name]: ReceivedMessage<K> }[Name];

export function ruleInputsConsumer(runtime: Runtime, db: Db): Consumer<Tx, Name> {
  return new Consumer<Tx, Name>(runtime.broker, runtime.names, runtime.log, {
    service: SCHEMA,
    name: 'rule-inputs',
    messages: MESSAGES,
    db,
    schema: SCHEMA,
    handler: (message, tx) => apply(message as Received, tx),
  });
}

function apply(message: Received, tx: Tx) {
  switch (message.name) {
    case 'media.watch_data_changed':
      return replaceWatchData(tx, message.payload);
    case 'media.requests_changed':
      return replaceRequests(tx, message.payload.items);
    case 'media.disk_space_changed':
      return replaceDiskSpace(tx, message.payload);
  }
}
