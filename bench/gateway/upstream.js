// A trivial internal route behind the kit's signature check, for the gateway benchmark.
// Started as its own process so the benchmark measures HTTP hops, not one event loop.
const {
  createLogger,
  createHttpApp,
  deriveSigningKey,
  parsePrivateKey,
  redisNonceStore,
  parsePublicKeys,
  requireInternalSignature,
  listen,
} = require('../../packages/kit/dist');
const { Redis } = require('../../packages/kit/node_modules/ioredis');
const express = require('../../services/gateway/node_modules/express');

const api = express.Router();
// As the scheduler, which owns /api/v1/tasks. The direct phase replays one signed GET for a
// whole run (wrk cannot sign per request), so the window is widened here; reads are never
// nonce-checked, so the store is only there because the check needs one.
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
api.use(
  requireInternalSignature(
    deriveSigningKey(
      'scheduler',
      parsePrivateKey(process.env.INTERNAL_SIGNING_KEY),
      parsePublicKeys(process.env.INTERNAL_PUBLIC_KEYS),
    ),
    {
      nonces: redisNonceStore(redis, 'bench'),
      maxSkewMs: 3_600_000,
    },
  ),
);
api.get('/v1/tasks', (_req, res) => {
  res.json({ items: [], has_main_server: false });
});
const app = createHttpApp({
  log: createLogger({ service: 'bench-upstream', level: 'warn' }),
  routes: (root) => root.use('/api', api),
});
listen(app, Number(process.env.PORT), '127.0.0.1').then((server) =>
  process.stdout.write(`ready ${server.port}\n`),
);
