import { loadConfig } from './config';
import { startCatalog } from './server';

startCatalog(loadConfig(), { handleSignals: true }).catch((error: unknown) => {
  process.stderr.write(`catalog failed to start: ${String(error)}\n`);
  process.exit(1);
});
