import type { MessageName, MessagePayload } from '@mcs/contracts';
import { waitFor } from '@mcs/kit/testing';
import { ADMIN } from '../support/api';
import { useNotifications } from '../support/notifications';
import { useWorld } from '../support/world';

/**
 * `alert` and `task_failure` (docs/decisions/026): an alert is told when it becomes active,
 * never on a refresh; a failed run is told once per run and service under `task_failure`
 * only, though it also raises an alert.
 */
const world = useWorld();
const notifications = useNotifications(world);

/** Publishes as another service would (a new message id each time), then waits for cleanup. */
async function deliver<K extends MessageName>(name: K, payload: MessagePayload<K>) {
  const before = await handled();
  await world.service.runtime.publisher.publish(name, payload);
  await waitFor(async () => (await handled()) > before, { what: `${name} to be handled` });
}
const handled = async () => {
  const [row] = await world.service.db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM inbox`;
  return Number(row?.n ?? 0);
};
const activeAlertId = async (kind: string) => {
  const [row] = await world.service.db.$queryRaw<{ id: bigint }[]>`
    SELECT id FROM alerts WHERE kind = ${kind} AND resolved_at IS NULL`;
  return Number(row?.id);
};

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 30, 8, minutes)).toISOString();

const guardRaised = (minutes: number, movies: number): MessagePayload<'alert.raised'> => ({
  kind: 'sync_mass_removal_blocked',
  subject: '',
  severity: 'critical',
  title: 'A sync held back removals',
  message: `${movies} movies are missing from the media server; nothing was removed.`,
  data: { held: { movie: movies } },
  raised_at: at(minutes),
});

test("catalog's alert is told when raised, not when refreshed, and again once raised anew", async () => {
  await deliver('alert.raised', guardRaised(1, 20));
  const first = await activeAlertId('sync_mass_removal_blocked');
  expect(await notifications.take()).toEqual([
    {
      event: 'alert',
      subject: `alert/${first}`,
      severity: 'critical',
      title: 'A sync held back removals',
      message: '20 movies are missing from the media server; nothing was removed.',
      facts: [{ label: 'Alert', value: 'Sync removals held back' }],
      ui_page: '/',
      occurred_at: at(1),
    },
  ]);

  // The next sync still holds removals back: the same alert, refreshed, tells no one.
  await deliver('alert.raised', guardRaised(2, 22));
  expect(await activeAlertId('sync_mass_removal_blocked')).toBe(first);
  expect(await notifications.take()).toEqual([]);

  // Dismissed, then raised again: a new alert, told again.
  const dismissed = await world.api('POST', `/api/alerts/${first}/dismiss`, { principal: ADMIN });
  expect(dismissed.status).toBe(200);
  await deliver('alert.raised', guardRaised(3, 25));
  const second = await activeAlertId('sync_mass_removal_blocked');
  expect(second).not.toBe(first);
  expect(await notifications.take()).toEqual([
    expect.objectContaining({ event: 'alert', subject: `alert/${second}` }),
  ]);
});

test('a failed run is told as task_failure only, once, however often it is reported', async () => {
  const failed: MessagePayload<'task.run_failed'> = {
    run_id: 31,
    task_id: 'sync_media',
    service: 'catalog',
    error: 'Jellyfin answered 401.',
    error_code: 'unauthorized',
    items_processed: 0,
    summary: {},
    completed_at: at(10),
  };
  await deliver('task.run_failed', failed);
  // The same run reported again (a producer's retry under a new message id).
  await deliver('task.run_failed', failed);
  expect(await activeAlertId('task_failure')).toBeGreaterThan(0);
  expect(await notifications.take()).toEqual([
    {
      event: 'task_failure',
      subject: 'run/31/catalog',
      severity: 'warning',
      title: 'Task sync_media failed in catalog',
      message: 'Jellyfin answered 401.',
      facts: [
        { label: 'Task', value: 'sync_media' },
        { label: 'Service', value: 'catalog' },
        { label: 'Error', value: 'unauthorized: Jellyfin answered 401.' },
        { label: 'Run', value: '31' },
      ],
      ui_page: '/tasks',
      occurred_at: at(10),
    },
  ]);

  // The next run fails too: its alert is only refreshed, but the run is told.
  await deliver('task.run_failed', { ...failed, run_id: 32, completed_at: at(20) });
  expect(await notifications.take()).toEqual([
    expect.objectContaining({ event: 'task_failure', subject: 'run/32/catalog' }),
  ]);
});
