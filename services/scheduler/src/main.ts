import { loadConfig } from './config';
import { startScheduler } from './server';

startScheduler(loadConfig(), { handleSignals: true }).catch((error: unknown) => {
  process.stderr.write(`scheduler failed to start: ${String(error)}\n`);
  process.exit(1);
});
