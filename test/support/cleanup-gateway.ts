import { createTestEnv } from '@mcs/kit/testing';
import { startCleanup, type CleanupService } from '../../services/cleanup/src/server';
import { GatewayWorld, type Session } from '../../services/gateway/test/support/gateway';

export interface CleanupBehindGateway {
  cleanup: CleanupService;
  gateway: GatewayWorld;
  /** The first administrator's session. */
  admin: Session;
}

/**
 * Cleanup behind a real gateway on one test environment, with the first administrator signed
 * in: the gateway checks every request and answer against the contracts. Read the properties
 * inside tests and hooks only (beforeAll fills them in).
 */
export function useCleanupBehindGateway(): CleanupBehindGateway {
  const world = {} as CleanupBehindGateway;
  beforeAll(async () => {
    const env = await createTestEnv();
    world.cleanup = await startCleanup({ runtime: env.runtimeConfig() });
    world.gateway = await GatewayWorld.start({}, { cleanup: world.cleanup.url }, env);
    world.admin = await world.gateway.setup();
  });
  afterAll(async () => {
    await world.cleanup.stop();
    await world.gateway.stop();
  });
  return world;
}
