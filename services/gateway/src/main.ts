import { loadConfig } from './config';
import { startGateway } from './server';

startGateway(loadConfig(), { handleSignals: true })
  .then(({ url }) =>
    process.stdout.write(`Gateway ready at ${url.replace('127.0.0.1', 'localhost')}\n`),
  )
  .catch((error: unknown) => {
    process.stderr.write(`gateway failed to start: ${String(error)}\n`);
    process.exit(1);
  });
