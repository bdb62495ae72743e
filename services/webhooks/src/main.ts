import { loadConfig } from './config';
import { startWebhooks } from './server';

startWebhooks(loadConfig(), { handleSignals: true }).catch((error: unknown) => {
  process.stderr.write(`webhooks failed to start: ${String(error)}\n`);
  process.exit(1);
});
