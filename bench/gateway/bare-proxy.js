// The floor of any Node.js hop on this machine, for the gateway benchmark: a bare node:http
// proxy that signs each request as the gateway does and forwards it over a keep-alive pool —
// no authentication, scopes, validation or express. What the gateway adds above this row is
// what its own work costs; what this row adds above the direct call is the price of a hop.
const http = require('node:http');
const {
  deriveSigningKey,
  parsePrivateKey,
  parsePublicKeys,
  signInternalRequest,
} = require('../../packages/kit/dist');

const key = deriveSigningKey(
  'gateway',
  parsePrivateKey(process.env.INTERNAL_SIGNING_KEY),
  parsePublicKeys(process.env.INTERNAL_PUBLIC_KEYS),
);
const upstream = new URL(process.env.UPSTREAM_URL);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const principal = { type: 'api_token', id: 1, scopes: ['tasks:read'] };

const server = http.createServer((req, res) => {
  const headers = signInternalRequest(key, {
    service: 'scheduler',
    method: req.method,
    url: req.url,
    principal,
  });
  const outgoing = http.request(
    {
      agent,
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers,
    },
    (answer) => {
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        res.writeHead(answer.statusCode, {
          'content-type': answer.headers['content-type'],
          'content-length': body.length,
        });
        res.end(body);
      });
    },
  );
  outgoing.on('error', () => res.writeHead(503).end());
  outgoing.end();
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
