import { oneSnapshot } from '@mcs/kit';
import type { Tx } from '../../src/db';
import { listAlerts, raiseAlert } from '../../src/alerts/alert.repository';
import { useWorld } from '../support/world';

/**
 * A page and its total come from one snapshot (the alert, candidate and protection lists all
 * read them through `oneSnapshot`). Read side by side on two connections, an alert committed
 * between the two reads was counted but not listed: total 1 and no items.
 */
const world = useWorld();

const countAlerts = async (tx: Tx) =>
  Number((await tx.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM alerts`)[0]?.n);

const alert = (subject: string) => ({
  kind: 'task_failure' as const,
  subject,
  severity: 'warning' as const,
  title: `Task ${subject} failed`,
  message: 'The last run failed.',
  data: {},
});

test('a row committed between two reads of one snapshot is seen by neither', async () => {
  const { db } = world.service;
  const page = { limit: 50, offset: 0 };
  const filters = { activeOnly: true, kind: 'task_failure' as const };
  const [before, after] = await oneSnapshot(db, async (tx) => {
    const first = await countAlerts(tx);
    // Another connection commits an alert while the snapshot is open.
    await db.$transaction((other) => raiseAlert(other, alert('scan/cleanup'), new Date()));
    return [first, await countAlerts(tx)];
  });
  expect(after).toBe(before);
  const listed = await listAlerts(db, filters, page);
  expect(listed.total).toBe(before + 1);
  expect(listed.records).toHaveLength(listed.total);
});
