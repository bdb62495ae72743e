import type { MessageName } from '@mcs/contracts';

/** A message as it travels: the payload plus the common headers of the contract. */
export interface Envelope {
  name: MessageName;
  payload: unknown;
  messageId: string;
  correlationId: string;
  occurredAt: Date;
  schemaVersion: number;
}

/** The AMQP headers every message carries (AsyncAPI `MessageHeaders`). */
export interface MessageHeaders {
  message_id: string;
  correlation_id: string;
  occurred_at: string;
  schema_version: number;
}

export function headersOf(envelope: Envelope): MessageHeaders {
  return {
    message_id: envelope.messageId,
    correlation_id: envelope.correlationId,
    occurred_at: envelope.occurredAt.toISOString(),
    schema_version: envelope.schemaVersion,
  };
}

export const SCHEMA_VERSION = 1;
