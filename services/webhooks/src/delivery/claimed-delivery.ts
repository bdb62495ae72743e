import type { EventActor, EventPayload } from '../domain/event-types';
import type { TemplateEvent } from '../domain/template-context';

/** The endpoint's settings an attempt sends with (§3.1), secrets still sealed. */
export interface SendingEndpoint {
  method: string;
  url: string;
  urlTemplate: string | null;
  bodyTemplate: string | null;
  pathMode: string;
  timeoutSeconds: number;
  headersEncrypted: string | null;
  authUsername: string | null;
  authPasswordEncrypted: string | null;
  signingSecretEncrypted: string;
  previousSecretEncrypted: string | null;
  previousSecretExpiresAt: Date | null;
}

/** A delivery this worker leased, with what its attempt needs. */
export interface ClaimedDelivery {
  id: bigint;
  endpointId: bigint;
  round: number;
  /** Attempts made in this round before this one. */
  attempts: number;
  /** This claim's lease; recording the attempt requires it to be still ours. */
  leaseExpiresAt: Date;
  endpoint: SendingEndpoint;
  /** The event ID: the `webhook-id` of every attempt (§4.11). */
  eventId: string;
  event: TemplateEvent;
  /** File-operation events: catalog's operation, for the template's path values (§3.3). */
  operationId: number | null;
}

/** The claim statement's row, as node-pg reads it (BIGINT as text). */
export interface ClaimRow extends SendingEndpoint {
  id: string;
  endpointId: string;
  eventId: string;
  round: number;
  attempts: number;
  status: string;
  leaseExpiresAt: Date | null;
  payload: EventPayload;
  actorType: EventActor['type'];
  actorId: string | null;
  operationId: string | null;
}

export function claimedDelivery(row: ClaimRow): ClaimedDelivery {
  const { id, endpointId, eventId, round, attempts, leaseExpiresAt, payload } = row;
  if (leaseExpiresAt === null) throw new Error('A claimed delivery has no lease.');
  return {
    id: BigInt(id),
    endpointId: BigInt(endpointId),
    round,
    attempts,
    leaseExpiresAt,
    endpoint: {
      method: row.method,
      url: row.url,
      urlTemplate: row.urlTemplate,
      bodyTemplate: row.bodyTemplate,
      pathMode: row.pathMode,
      timeoutSeconds: row.timeoutSeconds,
      headersEncrypted: row.headersEncrypted,
      authUsername: row.authUsername,
      authPasswordEncrypted: row.authPasswordEncrypted,
      signingSecretEncrypted: row.signingSecretEncrypted,
      previousSecretEncrypted: row.previousSecretEncrypted,
      previousSecretExpiresAt: row.previousSecretExpiresAt,
    },
    eventId,
    // The stored record was validated against its contract when the feed stored it.
    event: {
      payload,
      actor: { type: row.actorType, id: row.actorId === null ? null : Number(row.actorId) },
    },
    operationId: row.operationId === null ? null : Number(row.operationId),
  };
}
