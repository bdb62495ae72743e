import type { Db } from '../../src/db';
import type { EventType } from '../../src/domain/event-types';

let counter = 0;

/**
 * A stored webhook endpoint. The management routes come later (issue 14, part B), so tests
 * write the row directly; the secret column holds a placeholder, never read here.
 */
export async function newEndpoint(
  db: Db,
  overrides: {
    eventTypes?: EventType[];
    mediaTypes?: ('movie' | 'series')[];
    enabled?: boolean;
    deleted?: boolean;
  } = {},
) {
  counter += 1;
  const deleted = overrides.deleted ?? false;
  return db.endpoint.create({
    data: {
      name: `Receiver ${counter}`,
      url: `http://receiver.lan/hooks/${counter}`,
      eventTypes: overrides.eventTypes ?? ['candidate.canceled'],
      mediaTypes: overrides.mediaTypes ?? ['movie', 'series'],
      enabled: deleted ? false : (overrides.enabled ?? true),
      deletedAt: deleted ? new Date() : null,
      signingSecretEncrypted: 'not-a-real-secret',
      signingSecretCreatedAt: new Date(),
    },
  });
}
