import { randomUUID } from 'node:crypto';
import type { ExternalApi, MessagePayload } from '@mcs/contracts';
import { envelope, type Outbox } from '@mcs/kit';
import type { Tx } from '../db';

/**
 * An event carries the candidate or protection as the external API shows it (the features'
 * views build them): named from the contract here, so events/ imports no feature.
 */
type CandidateWire = ExternalApi.components['schemas']['Candidate'];
type ProtectionWire = ExternalApi.components['schemas']['Protection'];

/** The candidate events cleanup records itself; the file-operation ones come with file operations. */
export type CandidateEventType =
  | 'candidate.scheduled'
  | 'candidate.canceled'
  | 'candidate.postponed'
  | 'candidate.timer_reset'
  | 'candidate.protected';

/** The outcome of a verified file operation on a candidate (domain.md 6). */
export type OperationEventType =
  'candidate.deleted' | 'candidate.moved' | 'candidate.unmonitored' | 'candidate.unmonitored_only';

export type ProtectionEventType = 'protection.created' | 'protection.removed';

export type LifecycleEventType = CandidateEventType | OperationEventType | ProtectionEventType;

/** Who may cause an event, as its contract schema says (`candidate.scheduled`: the system). */
export type EventActorOf<K extends LifecycleEventType> = MessagePayload<K>['actor'];

interface CandidateParts<K extends CandidateEventType | OperationEventType> {
  id: string;
  occurredAt: string;
  candidate: CandidateWire;
  actor: EventActorOf<K>;
}

interface ProtectionParts<K extends ProtectionEventType> {
  id: string;
  occurredAt: string;
  protection: ProtectionWire;
  actor: EventActorOf<K>;
  candidateId: MessagePayload<K>['candidate_id'];
}

const mediaLink = (item: { media_type: string; media_id: number }) =>
  `/api/v1/${item.media_type === 'movie' ? 'movies' : 'series'}/${item.media_id}`;

/** The event record with the payload envelope of schema_version 1 (events-webhooks.md 1). */
function candidateRecord<K extends CandidateEventType | OperationEventType, A>(
  type: K,
  {
    id,
    occurredAt,
    candidate,
    actor,
  }: { id: string; occurredAt: string; candidate: CandidateWire; actor: A },
) {
  const links = { self: `/api/v1/candidates/${candidate.id}`, media: mediaLink(candidate) };
  return {
    id,
    type,
    occurred_at: occurredAt,
    candidate_id: candidate.id,
    actor,
    media_type: candidate.media_type,
    operation_id: null,
    payload: { schema_version: 1 as const, id, type, occurred_at: occurredAt, candidate, links },
  };
}

/** A file operation's event: the candidate record with the operation's id. */
function operationRecord<K extends OperationEventType, A>(
  type: K,
  parts: {
    id: string;
    occurredAt: string;
    candidate: CandidateWire;
    actor: A;
    operationId: number;
  },
) {
  return { ...candidateRecord(type, parts), operation_id: parts.operationId };
}

function protectionRecord<K extends ProtectionEventType, A, C extends number | null>(
  type: K,
  parts: { id: string; occurredAt: string; protection: ProtectionWire; actor: A; candidateId: C },
) {
  const { id, occurredAt, protection, actor, candidateId } = parts;
  const links: Record<string, string> =
    type === 'protection.created'
      ? { self: `/api/v1/protections/${protection.id}`, media: mediaLink(protection) }
      : { collection: '/api/v1/protections', media: mediaLink(protection) };
  return {
    id,
    type,
    occurred_at: occurredAt,
    candidate_id: candidateId,
    actor,
    media_type: protection.media_type,
    operation_id: null,
    payload: { schema_version: 1 as const, id, type, occurred_at: occurredAt, protection, links },
  };
}

/**
 * One builder per event, each checked against that event's contract type. Indexing these maps
 * with a generic event type keeps the pairing of type and payload (no cast needed).
 */
const candidateRecords: {
  [K in CandidateEventType]: (parts: CandidateParts<K>) => MessagePayload<K>;
} = {
  'candidate.scheduled': (parts) => candidateRecord('candidate.scheduled', parts),
  'candidate.canceled': (parts) => candidateRecord('candidate.canceled', parts),
  'candidate.postponed': (parts) => candidateRecord('candidate.postponed', parts),
  'candidate.timer_reset': (parts) => candidateRecord('candidate.timer_reset', parts),
  'candidate.protected': (parts) => candidateRecord('candidate.protected', parts),
};

const operationRecords: {
  [K in OperationEventType]: (
    parts: CandidateParts<K> & { operationId: number },
  ) => MessagePayload<K>;
} = {
  'candidate.deleted': (parts) => operationRecord('candidate.deleted', parts),
  'candidate.moved': (parts) => operationRecord('candidate.moved', parts),
  'candidate.unmonitored': (parts) => operationRecord('candidate.unmonitored', parts),
  'candidate.unmonitored_only': (parts) => operationRecord('candidate.unmonitored_only', parts),
};

const protectionRecords: {
  [K in ProtectionEventType]: (parts: ProtectionParts<K>) => MessagePayload<K>;
} = {
  'protection.created': (parts) => protectionRecord('protection.created', parts),
  'protection.removed': (parts) => protectionRecord('protection.removed', parts),
};

/**
 * Records lifecycle events (events-webhooks.md 1) in the outbox, in the caller's transaction:
 * the event record the webhooks service stores, with the payload envelope of schema_version 1.
 * The event id is also the message id, so a redelivery is recognisably the same event.
 */
export class LifecycleEvents {
  constructor(private readonly outbox: Outbox) {}

  /** Returns the event id (the action response's `event_id`). */
  candidate<K extends CandidateEventType>(
    tx: Tx,
    type: K,
    candidate: CandidateWire,
    actor: EventActorOf<K>,
    now: Date,
  ): Promise<string> {
    const parts = { id: randomUUID(), occurredAt: now.toISOString(), candidate, actor };
    return this.record(tx, type, candidateRecords[type](parts));
  }

  /** A verified file operation on a candidate, with the candidate as it was just before. */
  operation<K extends OperationEventType>(
    tx: Tx,
    type: K,
    candidate: CandidateWire,
    actor: EventActorOf<K>,
    operationId: number,
    now: Date,
  ): Promise<string> {
    const parts = {
      id: randomUUID(),
      occurredAt: now.toISOString(),
      candidate,
      actor,
      operationId,
    };
    return this.record(tx, type, operationRecords[type](parts));
  }

  /** `candidateId` is set only for a protection a candidate protect created (never on removal). */
  protection<K extends ProtectionEventType>(
    tx: Tx,
    type: K,
    protection: ProtectionWire,
    actor: EventActorOf<K>,
    candidateId: MessagePayload<K>['candidate_id'],
    now: Date,
  ): Promise<string> {
    const parts = {
      id: randomUUID(),
      occurredAt: now.toISOString(),
      protection,
      actor,
      candidateId,
    };
    return this.record(tx, type, protectionRecords[type](parts));
  }

  /**
   * The same event for many candidates, in order, in one outbox insert (a scan announces
   * thousands at once).
   */
  async candidates<K extends CandidateEventType>(
    tx: Tx,
    type: K,
    candidates: CandidateWire[],
    actor: EventActorOf<K>,
    now: Date,
  ): Promise<void> {
    const occurredAt = now.toISOString();
    await this.outbox.addEnvelopes(
      tx,
      candidates.map((candidate) => {
        const event = candidateRecords[type]({ id: randomUUID(), occurredAt, candidate, actor });
        return envelope(type, event, { messageId: event.id, occurredAt: now });
      }),
    );
  }

  /** `protection.created` or `.removed` for many protections, in order, in one insert. */
  async protections<K extends ProtectionEventType>(
    tx: Tx,
    type: K,
    protections: ProtectionWire[],
    actor: EventActorOf<K>,
    now: Date,
  ): Promise<void> {
    const occurredAt = now.toISOString();
    await this.outbox.addEnvelopes(
      tx,
      protections.map((protection) => {
        const event = protectionRecords[type]({
          id: randomUUID(),
          occurredAt,
          protection,
          actor,
          candidateId: null,
        });
        return envelope(type, event, { messageId: event.id, occurredAt: now });
      }),
    );
  }

  /** Records one event; its payload must be the contract type of that event. Returns its id. */
  async record<K extends LifecycleEventType>(
    tx: Tx,
    type: K,
    event: MessagePayload<K>,
  ): Promise<string> {
    // The outbox validates the record against its AsyncAPI schema before inserting it.
    await this.outbox.add(tx, type, event, {
      messageId: event.id,
      occurredAt: new Date(event.occurred_at),
    });
    return event.id;
  }
}
