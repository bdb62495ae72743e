import { randomUUID } from 'node:crypto';
import type { MessagePayload } from '@mcs/contracts';
import type { Outbox } from '@mcs/kit';
import type { Actor } from '../domain/actor';
import type { Tx } from '../repositories/sql';
import type { CandidateWire } from '../views/candidate.view';
import type { ProtectionWire } from '../views/protection.view';

export type CandidateEventType =
  | 'candidate.scheduled'
  | 'candidate.canceled'
  | 'candidate.postponed'
  | 'candidate.timer_reset'
  | 'candidate.protected';

export type ProtectionEventType = 'protection.created' | 'protection.removed';

const mediaLink = (item: { media_type: string; media_id: number }) =>
  `/api/v1/${item.media_type === 'movie' ? 'movies' : 'series'}/${item.media_id}`;

/**
 * Records lifecycle events (events-webhooks.md 1) in the outbox, in the caller's transaction:
 * the event record the webhooks service stores, with the payload envelope of schema_version 1.
 * The event id is also the message id, so a redelivery is recognisably the same event.
 */
export class LifecycleEvents {
  constructor(private readonly outbox: Outbox) {}

  /** Returns the event id (the action response's `event_id`). */
  candidate(
    tx: Tx,
    type: CandidateEventType,
    candidate: CandidateWire,
    actor: Actor,
    now: Date,
  ): Promise<string> {
    return this.record(tx, type, now, (id, occurredAt) => ({
      candidate_id: candidate.id,
      media_type: candidate.media_type,
      payload: {
        schema_version: 1,
        id,
        type,
        occurred_at: occurredAt,
        candidate,
        links: { self: `/api/v1/candidates/${candidate.id}`, media: mediaLink(candidate) },
      },
      actor,
    }));
  }

  /** `candidateId` is set only for a protection a candidate protect created. */
  protection(
    tx: Tx,
    type: ProtectionEventType,
    protection: ProtectionWire,
    actor: Actor,
    candidateId: number | null,
    now: Date,
  ): Promise<string> {
    const links =
      type === 'protection.created'
        ? { self: `/api/v1/protections/${protection.id}`, media: mediaLink(protection) }
        : { collection: '/api/v1/protections', media: mediaLink(protection) };
    return this.record(tx, type, now, (id, occurredAt) => ({
      candidate_id: candidateId,
      media_type: protection.media_type,
      payload: { schema_version: 1, id, type, occurred_at: occurredAt, protection, links },
      actor,
    }));
  }

  private async record<K extends CandidateEventType | ProtectionEventType>(
    tx: Tx,
    type: K,
    now: Date,
    build: (id: string, occurredAt: string) => Record<string, unknown>,
  ): Promise<string> {
    const id = randomUUID();
    const occurredAt = now.toISOString();
    const event = {
      id,
      type,
      occurred_at: occurredAt,
      operation_id: null,
      ...build(id, occurredAt),
    };
    // The outbox validates the record against its AsyncAPI schema before inserting it.
    await this.outbox.add(tx, type, event as unknown as MessagePayload<K>, {
      messageId: id,
      occurredAt: now,
    });
    return id;
  }
}
