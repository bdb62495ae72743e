import type { InternalApi } from '@mcs/contracts';
import { isoOrNull } from '@mcs/kit';
import type { AttemptRow, DeliveryRow } from './history.repository';

type Schemas = InternalApi.components['schemas'];
type DeliveryWire = Schemas['WebhookDelivery'];
type DetailWire = Schemas['WebhookDeliveryDetail'];
type AttemptWire = Schemas['WebhookDeliveryAttempt'];

// The table's CHECKs admit only the contract's values.
export function deliveryView(row: DeliveryRow): DeliveryWire {
  return {
    id: Number(row.id),
    event_id: row.eventId,
    event_type: row.event.type as DeliveryWire['event_type'],
    endpoint_id: Number(row.endpointId),
    endpoint_name: row.endpoint.name,
    status: row.status as DeliveryWire['status'],
    attempts: row.attempts,
    round: row.round,
    next_attempt_at: isoOrNull(row.nextAttemptAt),
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    delivered_at: isoOrNull(row.deliveredAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function attemptView(row: AttemptRow): AttemptWire {
  return {
    round: row.round,
    number: row.number,
    started_at: row.startedAt.toISOString(),
    duration_ms: row.durationMs,
    status_code: row.statusCode,
    outcome: row.outcome as AttemptWire['outcome'],
    error: row.error,
    retry_after_seconds: row.retryAfterSeconds,
    next_attempt_at: isoOrNull(row.nextAttemptAt),
  };
}

export function deliveryDetailView(row: DeliveryRow, attempts: AttemptRow[]): DetailWire {
  return { ...deliveryView(row), attempt_log: attempts.map(attemptView) };
}
