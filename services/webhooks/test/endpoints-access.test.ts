import {
  admin,
  createEndpoint,
  DELIVERIES,
  endpointInput,
  ENDPOINTS,
  type ProblemWire,
  USER,
} from './support/admin';
import { READER, useWorld } from './support/world';

const world = useWorld();

test('non-administrators get 403 forbidden on every endpoint and delivery route, and change nothing', async () => {
  const { id } = await createEndpoint(world, { name: 'Untouched' });
  const routes: [string, string, unknown?][] = [
    ['GET', ENDPOINTS],
    ['POST', ENDPOINTS, endpointInput()],
    ['GET', `${ENDPOINTS}/${id}`],
    ['PUT', `${ENDPOINTS}/${id}`, endpointInput({ name: 'Changed' })],
    ['DELETE', `${ENDPOINTS}/${id}`],
    ['POST', `${ENDPOINTS}/test`, endpointInput()],
    ['POST', `${ENDPOINTS}/${id}/test`, {}],
    ['POST', `${ENDPOINTS}/${id}/rotate-secret`, {}],
    ['GET', DELIVERIES],
    ['GET', `${DELIVERIES}/1`],
    ['POST', `${DELIVERIES}/1/retry`],
  ];
  for (const [method, url, body] of routes) {
    const response = await admin<ProblemWire>(world, method, url, body, USER);
    expect([method, url, response.status, response.body.code]).toEqual([
      method,
      url,
      403,
      'forbidden',
    ]);
  }
  expect((await admin(world, 'GET', ENDPOINTS, undefined, READER)).status).toBe(403);
  const stored = await admin<{ items: { name: string }[] }>(world, 'GET', ENDPOINTS);
  expect(stored.body.items.map((item) => item.name)).toEqual(['Untouched']);
});
