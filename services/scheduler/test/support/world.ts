import type { MessagePayload } from '@mcs/contracts';
import { BrokerConnection, brokerNames, createLogger, Publisher, type Principal } from '@mcs/kit';
import {
  callSigned,
  createTestEnv,
  recordMessages,
  TEST_AMQP_URL,
  type MessageRecorder,
  type SignedCall,
  type TestEnv,
  waitFor,
  TEST_ENCRYPTION_KEYS,
} from '@mcs/kit/testing';
import { startScheduler, type SchedulerService } from '../../src/server';

export const TOKEN: Principal = { type: 'api_token', id: 7, scopes: ['tasks:run'] };

type Command = MessagePayload<'task.run.sync_media'>;

/**
 * One test file's scheduler on its own database and broker namespace, a signed API client,
 * a recorder of the task commands it sends, and a publisher standing in for the owners'
 * run reports.
 */
export interface World {
  env: TestEnv;
  service: SchedulerService;
  commands: MessageRecorder<Command>;
  publisher: Publisher;
  api<T>(
    method: string,
    url: string,
    call?: Partial<SignedCall>,
  ): Promise<{ status: number; headers: Headers; body: T }>;
  /** catalog's word on the main media server (catalog.main_server_changed), once applied. */
  setMainServer(present: boolean): Promise<void>;
}

export function useWorld(): World {
  const world = {} as World;
  let broker: BrokerConnection;
  /** Keeps each report newer than the last, however fast a test sends them. */
  let clockSkew = 0;
  beforeAll(async () => {
    const env = await createTestEnv();
    const service = await startScheduler({
      runtime: env.runtimeConfig(),
      encryptionKeys: TEST_ENCRYPTION_KEYS,
    });
    const commands = await recordMessages<Command>(env.namespace, ['task.run.*'], 'commands');
    const log = createLogger({ service: 'test', level: 'silent' });
    broker = await BrokerConnection.connect(TEST_AMQP_URL, log);
    const publisher = new Publisher(broker, brokerNames(env.namespace), log);
    await publisher.start();
    Object.assign(world, {
      env,
      service,
      commands,
      publisher,
      api: (method: string, url: string, call: Partial<SignedCall> = {}) =>
        callSigned('scheduler', service.url, method, url, { principal: TOKEN, ...call }),
      setMainServer: async (present: boolean) => {
        // As catalog says it; applied once the scheduler has consumed it.
        const asOf = new Date(Date.now() + (clockSkew += 1));
        await publisher.publish('catalog.main_server_changed', {
          has_main_server: present,
          server_type: present ? 'jellyfin' : null,
          as_of: asOf.toISOString(),
        });
        await waitFor(async () => {
          const row = await service.db.mainServer.findUnique({ where: { id: 1 } });
          return row?.asOf.getTime() === asOf.getTime();
        });
      },
    } satisfies World);
  });
  afterAll(async () => {
    await world.commands.close();
    await broker.close();
    await world.service.stop();
    await world.env.cleanup();
  });
  return world;
}
