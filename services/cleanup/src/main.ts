import { loadConfig } from './config';
import { startCleanup } from './server';

startCleanup(loadConfig(), { handleSignals: true }).catch((error: unknown) => {
  process.stderr.write(`cleanup failed to start: ${String(error)}\n`);
  process.exit(1);
});
