import {
  admin,
  createEndpoint,
  endpointInput,
  ENDPOINTS,
  fieldsOf,
  type ProblemWire,
} from './support/admin';
import { publishSettings } from './support/settings';
import { useWorld } from './support/world';

const world = useWorld();

/** events-webhooks.md §6 checks 20 and 21 (save time): each input alone → 422 naming it. */
const INVALID: [string, Record<string, unknown>, string][] = [
  ['timeout 0', { timeout_seconds: 0 }, 'timeout_seconds'],
  ['timeout 121', { timeout_seconds: 121 }, 'timeout_seconds'],
  ['an ftp URL', { url: 'ftp://files.lan/in' }, 'url'],
  ['a URL with user-info', { url: 'http://bob:pw@hooks.lan/in' }, 'url'],
  ['an unknown event type', { event_types: ['candidate.exploded'] }, 'event_types'],
  ['a reserved header', { headers: [{ name: 'webhook-id', value: 'x' }] }, 'headers[0].name'],
  ['a body template with GET', { method: 'GET', body_template: '{id}' }, 'body_template'],
  ['a template {a.b}', { body_template: '{a.b}' }, 'body_template'],
  ['the metadata address', { url: 'http://169.254.169.254/latest' }, 'url'],
  ['a link-local IPv6 literal', { url: 'http://[fe80::1]/hooks' }, 'url'],
  ['no name', { name: '   ' }, 'name'],
  ['a URL with a fragment', { url: 'http://hooks.lan/in#x' }, 'url'],
  [
    'a url_template on another origin',
    { url_template: 'http://other.lan/in?id={id}' },
    'url_template',
  ],
];

test.each(INVALID)('creating with %s is 422 naming the field', async (_, change, field) => {
  const response = await admin<ProblemWire>(world, 'POST', ENDPOINTS, endpointInput(change));
  expect(response.status).toBe(422);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect(response.body.code).toBe('validation_failed');
  expect(fieldsOf(response.body)).toEqual([field]);
});

test('an update with invalid input is 422 and changes nothing', async () => {
  const created = await createEndpoint(world, { name: 'Before' });
  const url = `${ENDPOINTS}/${created.id}`;
  const response = await admin<ProblemWire>(
    world,
    'PUT',
    url,
    endpointInput({ name: 'After', timeout_seconds: 121 }),
  );
  expect(response.status).toBe(422);
  expect((await admin<{ name: string }>(world, 'GET', url)).body.name).toBe('Before');
});

test('a body that is not an object, or a bad path id, is 422, never 500', async () => {
  const list = await admin<ProblemWire>(world, 'POST', ENDPOINTS, ['not', 'an', 'object']);
  expect(list.status).toBe(422);
  const path = await admin<ProblemWire>(world, 'GET', `${ENDPOINTS}/abc`);
  expect(path.status).toBe(422);
  expect(fieldsOf(path.body)).toEqual(['endpoint_id']);
});

test('a private literal address is saved by default and refused once settings.changed turns "Block private network destinations" on', async () => {
  const allowed = await createEndpoint(world, { url: 'http://127.0.0.1:8123/hooks' });
  await publishSettings(world.service, { webhook_block_private_destinations: true });
  try {
    for (const url of ['http://192.168.1.20:8123/hooks', 'http://127.0.0.1:8123/hooks']) {
      const created = await admin<ProblemWire>(world, 'POST', ENDPOINTS, endpointInput({ url }));
      expect(created.status).toBe(422);
      expect(fieldsOf(created.body)).toEqual(['url']);
    }
    const saved = await admin<ProblemWire>(
      world,
      'PUT',
      `${ENDPOINTS}/${allowed.id}`,
      endpointInput({ url: 'http://127.0.0.1:8123/hooks' }),
    );
    expect(saved.status).toBe(422);
    const tested = await admin<ProblemWire>(
      world,
      'POST',
      `${ENDPOINTS}/test`,
      endpointInput({ url: 'http://127.0.0.1:8123/hooks' }),
    );
    expect(tested.status).toBe(422);
  } finally {
    await publishSettings(world.service, { webhook_block_private_destinations: false });
  }
});
