import { connect, type ChannelModel, type RecoveringChannelModel } from 'amqplib';
import type { Logger } from '../logger';

type SetupHook = (model: ChannelModel) => Promise<void>;

/**
 * One AMQP connection per process with automatic reconnect. Publishers and consumers register
 * a setup hook; it runs on the first connection and again after every reconnect, so channels,
 * topology and consumers are rebuilt whenever the broker comes back.
 */
export class BrokerConnection {
  private model: ChannelModel | undefined;
  private readonly hooks: SetupHook[] = [];
  private recovering: RecoveringChannelModel | undefined;

  private constructor(private readonly log: Logger) {}

  static async connect(url: string, log: Logger): Promise<BrokerConnection> {
    const instance = new BrokerConnection(log);
    const recovering = await connect(url, {
      recovery: {
        initialDelay: 100,
        maxDelay: 5000,
        initialMaxRetries: 20,
        maxRetries: Infinity,
        waitForConnect: false,
        setup: (model: ChannelModel) => instance.runHooks(model),
      },
    });
    instance.recovering = recovering;
    recovering.on('disconnect', (error: Error) => {
      instance.model = undefined;
      log.warn({ err: error }, 'broker connection lost; reconnecting');
    });
    recovering.on('reconnect-failed', (error: Error) =>
      log.error({ err: error }, 'broker reconnect gave up'),
    );
    recovering.on('error', (error: Error) => log.warn({ err: error }, 'broker connection error'));
    await recovering.waitForConnect();
    return instance;
  }

  private async runHooks(model: ChannelModel): Promise<void> {
    this.model = model;
    for (const hook of this.hooks) await hook(model);
    this.log.info('broker connected');
  }

  /** Registers a setup hook and runs it at once when already connected. */
  async onConnect(hook: SetupHook): Promise<void> {
    this.hooks.push(hook);
    if (this.model) await hook(this.model);
  }

  get connected(): boolean {
    return this.model !== undefined;
  }

  /** The current underlying connection (undefined while reconnecting). */
  current(): ChannelModel | undefined {
    return this.model;
  }

  async close(): Promise<void> {
    this.model = undefined;
    await this.recovering?.close();
  }
}
