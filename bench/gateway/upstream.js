// A trivial internal route behind the kit's gateway-signature check, for the gateway benchmark.
// Started as its own process so the benchmark measures HTTP hops, not one event loop.
const {
  createLogger,
  createHttpApp,
  requireGatewaySignature,
  listen,
} = require('../../packages/kit/dist');
const express = require('../../services/gateway/node_modules/express');

const secret = process.env.INTERNAL_SECRET;
const api = express.Router();
api.use(requireGatewaySignature(secret));
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
