import type { MessagePayload } from '@mcs/contracts';
import { recordMessages, type RecordedMessage } from '@mcs/kit/testing';
import type { Candidate, Protection } from './api';

/** A lifecycle event record as cleanup publishes it (events-webhooks.md 1.2-1.3). */
export interface EventRecord {
  id: string;
  type: string;
  occurred_at: string;
  candidate_id: number | null;
  actor: { type: string; id: number | null };
  media_type: string;
  operation_id: null;
  payload: {
    schema_version: 1;
    id: string;
    type: string;
    occurred_at: string;
    candidate?: Candidate;
    protection?: Protection;
    links: Record<string, string>;
  };
}

export type Delivered<P = unknown> = RecordedMessage<P>;

type Links = MessagePayload<'cleanup.media_links_changed'>;

/**
 * Records everything published to cleanup's lifecycle and link routing keys, exactly as the
 * broker delivered it (duplicates included).
 */
export async function recordBroker(namespace: string) {
  const recorder = await recordMessages(namespace, [
    'candidate.*',
    'protection.*',
    'cleanup.media_links_changed',
  ]);
  const { messages } = recorder;
  return {
    messages,
    /** Lifecycle events only, in delivery order. */
    events: () =>
      messages.filter((m) => m.name !== 'cleanup.media_links_changed') as Delivered<EventRecord>[],
    /** cleanup.media_links_changed messages, in delivery order. */
    links: () =>
      messages.filter((m) => m.name === 'cleanup.media_links_changed') as Delivered<Links>[],
    close: recorder.close,
  };
}

export type BrokerRecorder = Awaited<ReturnType<typeof recordBroker>>;
