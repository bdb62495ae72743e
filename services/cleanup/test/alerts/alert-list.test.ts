import { listAlerts, raiseAlert } from '../../src/alerts/alert.repository';
import { useWorld } from '../support/world';

/**
 * A page and its total come from one statement (decision 029), so one snapshot: while another
 * connection keeps raising alerts, every page lists exactly as many alerts as its total says.
 * Read side by side on two connections, an alert committed between the two reads was counted
 * but not listed: total 1 and no items.
 */
const world = useWorld();

const alert = (subject: string) => ({
  kind: 'task_failure' as const,
  subject,
  severity: 'warning' as const,
  title: `Task ${subject} failed`,
  message: 'The last run failed.',
  data: {},
});

test('while alerts are raised, each page lists exactly the alerts its total counts', async () => {
  const { db } = world.service;
  const filters = { activeOnly: true, kind: 'task_failure' as const };
  let writing = true;
  const writer = (async () => {
    for (let i = 0; writing && i < 200; i += 1)
      await db.$transaction((tx) => raiseAlert(tx, alert(`task-${i}`), new Date()));
  })();
  const seen: { total: number; listed: number }[] = [];
  try {
    for (let read = 0; read < 30; read += 1) {
      const page = await listAlerts(db, filters, { limit: 200, offset: 0 });
      seen.push({ total: page.total, listed: page.records.length });
    }
  } finally {
    writing = false;
    await writer;
  }
  expect(seen.filter(({ total, listed }) => total !== listed)).toEqual([]);
  expect(new Set(seen.map(({ total }) => total)).size).toBeGreaterThan(1);
});
