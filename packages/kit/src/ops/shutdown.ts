import type { Logger } from '../logger';

export type Closer = { name: string; close: () => Promise<void> };

/**
 * Graceful shutdown on SIGTERM/SIGINT: closers run in the order given (stop taking new work,
 * drain in-flight work, then close connections). A hard deadline ends the process if something
 * hangs, so an orchestrator's stop never waits forever.
 */
export function installShutdown(
  log: Logger,
  closers: () => Closer[],
  timeoutMs: number,
): () => Promise<void> {
  let shuttingDown: Promise<void> | undefined;
  const shutdown = () => {
    shuttingDown ??= (async () => {
      const deadline = setTimeout(() => {
        log.error('shutdown deadline passed; exiting');
        process.exit(1);
      }, timeoutMs);
      deadline.unref();
      for (const closer of closers()) {
        try {
          await closer.close();
        } catch (error) {
          log.warn({ err: error, part: closer.name }, 'error while closing');
        }
      }
      clearTimeout(deadline);
      log.info('stopped');
    })();
    return shuttingDown;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (!shuttingDown) log.info({ signal }, 'shutting down');
    void shutdown().then(() => process.exit(0));
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  return shutdown;
}
