import { expectProblem, GatewayWorld } from '../services/gateway/test/support/gateway';
import { startInternalServices } from './support/internal-services';

/**
 * A fresh install with the four real internal services up, so the gateway's /health reports
 * ready: before setup every /api path but setup's answers 503 setup_required, while /health,
 * /version and the root docs answer (internal-api.md 1.2, 3; external-api.md 1.13).
 */

const PASSWORD = 'correct horse battery';

let services: Awaited<ReturnType<typeof startInternalServices>>;
let world: GatewayWorld;
beforeAll(async () => {
  services = await startInternalServices();
  world = await GatewayWorld.start({}, services.urls);
});
afterAll(async () => {
  await world.stop();
  await services.stop();
});

describe('a fresh install', () => {
  test('IA#1: before setup the status is false, /api routes answer 503 setup_required, /health and /version answer', async () => {
    const status = await world.request('GET', '/api/setup/status');
    expect(status.status).toBe(200);
    expect(status.body.setup_complete).toBe(false);
    expectProblem(await world.request('GET', '/api/dashboard'), 503, 'setup_required');
    expectProblem(await world.request('GET', '/api/v1/system'), 503, 'setup_required');
    const login = await world.request('POST', '/api/auth/login', {
      body: { username: 'admin', password: PASSWORD },
    });
    expectProblem(login, 503, 'setup_required');
    expect((await world.request('GET', '/health')).status).toBe(200);
    const version = await world.request('GET', '/version');
    expect(version.status).toBe(200);
    expect(version.body.api_version).toBe('v1');
  });

  test('EA#12: /api/v1/docs, its trio and /api/v1/system (with or without Authorization) → 503 setup_required; /health → 200', async () => {
    for (const path of ['/api/v1/docs', '/api/v1/redoc', '/api/v1/openapi.json']) {
      expectProblem(await world.request('GET', path), 503, 'setup_required');
    }
    const anyAuthorization: Record<string, string>[] = [{}, { authorization: 'Bearer mcs_0_x' }];
    for (const headers of anyAuthorization) {
      expectProblem(
        await world.request('GET', '/api/v1/system', { headers }),
        503,
        'setup_required',
      );
    }
    expect((await world.request('GET', '/health')).status).toBe(200);
  });

  test('the root /docs, /redoc and /openapi.json are outside the setup guard', async () => {
    for (const path of ['/docs', '/redoc', '/openapi.json']) {
      expect((await world.request('GET', path)).status).toBe(200);
    }
  });
});
