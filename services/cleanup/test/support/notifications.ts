import type { MessagePayload } from '@mcs/contracts';
import { type MessageRecorder, recordMessages, waitFor } from '@mcs/kit/testing';
import type { World } from './world';

type Notification = MessagePayload<'notification.requested'>;

/**
 * The notifications cleanup asks webhooks to send (docs/decisions/026), as the broker delivered
 * them. `take()` waits until everything committed since the last take (outbox rows are kept
 * after publishing) has reached the broker's recorder, and returns those messages: what was
 * committed and what was published must agree, so a duplicate shows as one message too many.
 */
export function useNotifications(world: World) {
  let recorder: MessageRecorder<Notification>;
  let seen = 0;
  beforeAll(async () => {
    recorder = await recordMessages<Notification>(world.env.namespace, ['notification.requested']);
  });
  afterAll(() => recorder.close());

  let lastId = 0n;
  /** Notifications committed since the last take (tests may truncate the outbox between). */
  const committedSince = async () => {
    const rows = await world.service.db.$queryRaw<{ id: bigint }[]>`
      SELECT id FROM outbox WHERE routing_key = 'notification.requested' AND id > ${lastId}
       ORDER BY id`;
    lastId = rows.at(-1)?.id ?? lastId;
    return rows.length;
  };

  return {
    async take(): Promise<Notification[]> {
      await world.drained();
      const total = seen + (await committedSince());
      await waitFor(() => recorder.messages.length >= total, {
        what: 'the committed notifications to reach the broker',
      });
      const fresh = recorder.messages.slice(seen).map((message) => message.payload);
      seen = recorder.messages.length;
      return fresh;
    },
  };
}
