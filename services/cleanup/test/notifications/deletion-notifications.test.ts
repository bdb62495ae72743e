import { waitFor } from '@mcs/kit/testing';
import { ADMIN } from '../support/api';
import { useRefreshAnswers } from '../support/catalog-refresh';
import { library, movieOf, oldFilms, runDeletion, useDeletionTables } from '../support/deletion';
import { movieTarget, newCandidate, newMovie } from '../support/factories';
import { useNotifications } from '../support/notifications';
import { operationCompleted, sentOperations } from '../support/operations';
import { runScan } from '../support/scan';
import { useWorld } from '../support/world';

/**
 * `delete_failed` and cleanup's own alerts (docs/decisions/026): each failed delete of a
 * candidate is told once, the alert the third failure raises is not told again as an `alert`,
 * and the mass-deletion breaker's alert is.
 */
const world = useWorld();
const notifications = useNotifications(world);
// Deletion runs ask catalog for fresh inputs first: answered, with nothing playing.
useRefreshAnswers(world);
useDeletionTables(world);

/** Publishes catalog's outcome, then waits for cleanup to have recorded it. */
async function report(outcome: ReturnType<typeof operationCompleted>) {
  await world.service.runtime.publisher.publish('media.file_operation_completed', outcome);
  await waitFor(
    async () => {
      const [row] = await world.service.db.$queryRaw<{ status: string }[]>`
        SELECT status FROM file_operations WHERE id = ${outcome.operation_id}`;
      return row?.status === outcome.outcome;
    },
    { what: 'the outcome to be recorded' },
  );
}

test('each failed delete of a candidate is told once; the alert of the third is not told as an alert', async () => {
  const movie = await newMovie(world.service.db, { title: 'Old Film' });
  const id = await newCandidate(world.service.db, movieTarget(movie));
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const queued = await world.api('POST', '/api/media/candidates/delete', {
      principal: ADMIN,
      body: { candidate_ids: [id] },
    });
    expect(queued.status).toBe(202);
    const command = (await sentOperations(world.service)).at(-1);
    if (!command) throw new Error('a command expected');
    const failed = operationCompleted(command, 'failed', 'http_500');
    await report(failed);
    // catalog's outcome delivered twice: the operation is recorded, and told, once.
    if (attempt === 1) await report(failed);
    const paused = attempt === 3 ? ' Automatic attempts are paused.' : '';
    expect(await notifications.take()).toEqual([
      {
        event: 'delete_failed',
        subject: `operation/${command.operation_id}`,
        severity: 'warning',
        title: 'Deleting Old Film (1999) failed',
        message: `Deleting Old Film (1999) failed (http_500), ${attempt} failure${attempt > 1 ? 's' : ''} in a row.${paused}`,
        facts: [
          { label: 'Title', value: 'Old Film (1999)' },
          { label: 'Attempts', value: String(attempt) },
          { label: 'Reason', value: 'http_500' },
        ],
        ui_page: '/candidates',
        occurred_at: expect.any(String) as unknown,
      },
    ]);
  }
  const alerts = await world.service.db.$queryRaw<{ kind: string }[]>`
    SELECT kind FROM alerts WHERE resolved_at IS NULL`;
  expect(alerts).toEqual([{ kind: 'delete_failed' }]);
});

test("the breaker's alert is told as an alert, once, though later runs refresh it", async () => {
  await oldFilms(world);
  await library(world, 94);
  for (let i = 0; i < 6; i += 1) await movieOf(world, 1960 + i);
  await runScan(world, 900);
  expect((await notifications.take()).map((n) => n.subject)).toEqual(['scan/900']);

  await expect(runDeletion(world, 901)).rejects.toMatchObject({ code: 'circuit_breaker_tripped' });
  await expect(runDeletion(world, 902)).rejects.toMatchObject({ code: 'circuit_breaker_tripped' });
  const [alert] = await world.service.db.$queryRaw<{ id: bigint }[]>`
    SELECT id FROM alerts WHERE kind = 'auto_delete_circuit_breaker' AND resolved_at IS NULL`;
  expect(await notifications.take()).toEqual([
    expect.objectContaining({
      event: 'alert',
      subject: `alert/${alert?.id}`,
      severity: 'critical',
      title: 'Automatic deletion stopped by the mass-deletion breaker',
      facts: [{ label: 'Alert', value: 'Mass-deletion breaker' }],
      ui_page: '/',
    }),
  ]);
});
