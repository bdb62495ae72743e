import type { MessagePayload } from '@mcs/contracts';
import { newMovie } from './support/factories';
import { deliver } from './support/inputs';
import { conditionsRule, ruleCalls } from './support/rules';
import { patchFacts, runScan, setSources } from './support/scan';
import { useWorld } from './support/world';

/**
 * tag_cleanup_candidates (domain.md 3.7, 9): candidates' rule tags go to Radarr/Sonarr through
 * catalog (catalog.tags.apply), and only tags the service applied ever come off again.
 */
const world = useWorld();
type Command = MessagePayload<'catalog.tags.apply'>;

beforeEach(() => setSources(world, { catalog: 'ok' }));
afterEach(async () => {
  await world.service.db.$executeRaw`TRUNCATE rules, candidates, protections, media_items,
    movie_versions, arr_tags, tag_commands, outbox`;
});

async function newRule(name: string, year: number, action: Record<string, unknown> = {}) {
  const body = conditionsRule(name, [{ field: 'media.year', operator: 'less_than', value: year }], {
    action,
  });
  const response = await ruleCalls(world).create(body);
  if (response.status !== 201) throw new Error(JSON.stringify(response.body));
  return response.body;
}

async function movieOf(year: number) {
  const movie = await newMovie(world.service.db);
  await patchFacts(world.service.db, 'movie', movie.media_id, { year });
  return movie;
}

/** One run of the task, and the commands it sent (with their message ids). */
async function tagRun() {
  const { db } = world.service;
  const last = await db.outboxMessage.aggregate({ _max: { id: true } });
  const outcome = await world.service.services.arrTags.run({ runId: 7 });
  const rows = await db.outboxMessage.findMany({
    where: { routingKey: 'catalog.tags.apply', id: { gt: last._max.id ?? 0n } },
    orderBy: { id: 'asc' },
  });
  const commands = rows.map((row) => ({ id: row.messageId, ...(row.payload as Command) }));
  return { summary: outcome.summary, commands };
}

const changes = (commands: { items: Command['items'] }[]) =>
  commands.flatMap((command) => command.items).map((i) => [i.media_id, i.add, i.remove]);

test('candidates get their rules tags; a failed item is sent again; a tag that is no longer wanted comes off', async () => {
  await newRule('Old films', 1990);
  await newRule('Very old films', 1950, { arr_tag: 'mcs-very-old' });
  await newRule('Untagged', 2000, { tag_enabled: false });
  const old = await movieOf(1980);
  const ancient = await movieOf(1940);
  await movieOf(2020);
  await runScan(world);

  const first = await tagRun();
  expect(first.summary).toEqual({ items_changed: 2, tags_added: 3, tags_removed: 0, commands: 1 });
  expect(first.commands.map((c) => c.run_id)).toEqual([7]);
  expect(changes(first.commands)).toEqual([
    [old.media_id, ['mcs-old-films'], []],
    [ancient.media_id, ['mcs-old-films', 'mcs-very-old'], []],
  ]);

  // catalog could not tag the ancient film: only the old one counts as tagged.
  await deliver(world, 'media.tags_applied', {
    run_id: 7,
    command_message_id: first.commands[0]?.id ?? '',
    items_applied: 1,
    failures: [
      {
        media_type: 'movie',
        media_id: ancient.media_id,
        service_config_id: 2,
        reason: 'unreachable',
      },
    ],
    finished_at: new Date().toISOString(),
  });
  const second = await tagRun();
  expect(changes(second.commands)).toEqual([
    [ancient.media_id, ['mcs-old-films', 'mcs-very-old'], []],
  ]);

  // The old film is renovated: no longer a candidate, its tag comes off; nothing else changes.
  await deliver(world, 'media.tags_applied', {
    run_id: 7,
    command_message_id: second.commands[0]?.id ?? '',
    items_applied: 1,
    failures: [],
    finished_at: new Date().toISOString(),
  });
  await patchFacts(world.service.db, 'movie', old.media_id, { year: 2010 });
  await runScan(world);
  const third = await tagRun();
  expect(changes(third.commands)).toEqual([[old.media_id, [], ['mcs-old-films']]]);
  expect(third.summary).toMatchObject({ tags_added: 0, tags_removed: 1 });
});

test('nothing to change sends nothing; an answer to an unknown command changes nothing', async () => {
  await movieOf(1980);
  expect((await tagRun()).commands).toEqual([]);
  await deliver(world, 'media.tags_applied', {
    run_id: null,
    command_message_id: '00000000-0000-4000-8000-000000000000',
    items_applied: 0,
    failures: [],
    finished_at: new Date().toISOString(),
  });
  expect(await world.service.db.$queryRaw`SELECT * FROM arr_tags`).toEqual([]);
});
