import { createTestEnv, TEST_ENCRYPTION_KEYS, type TestEnv } from '@mcs/kit/testing';
import { startCatalog } from '../../services/catalog/src/server';
import { startCleanup } from '../../services/cleanup/src/server';
import type { ServiceName } from '../../services/gateway/src/config';
import { startScheduler } from '../../services/scheduler/src/server';
import { startWebhooks } from '../../services/webhooks/src/server';

/**
 * The four real internal services on a test database of their own, for gateway tests that need
 * them up (readiness in /health) but not their data.
 */
export async function startInternalServices(): Promise<{
  urls: Record<ServiceName, string>;
  stop(): Promise<void>;
}> {
  const env: TestEnv = await createTestEnv();
  const runtime = env.runtimeConfig();
  const services = await Promise.all([
    startCatalog({ runtime, encryptionKeys: TEST_ENCRYPTION_KEYS }),
    startCleanup({ runtime }),
    startScheduler({ runtime, encryptionKeys: TEST_ENCRYPTION_KEYS }),
    startWebhooks({ runtime, encryptionKeys: TEST_ENCRYPTION_KEYS }),
  ]);
  const [catalog, cleanup, scheduler, webhooks] = services.map((s) => s.url) as [
    string,
    string,
    string,
    string,
  ];
  return {
    urls: { catalog, cleanup, scheduler, webhooks },
    stop: async () => {
      for (const service of services) await service.stop();
      await env.cleanup();
    },
  };
}
