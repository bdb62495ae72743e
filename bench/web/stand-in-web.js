'use strict';
const { existsSync, readFileSync } = require('node:fs');
const http = require('node:http');
const { extname, join, normalize } = require('node:path');

/**
 * TEMPORARY, until the gateway serves packages/web/dist itself (config `webDistDir`): a local
 * origin that serves the built UI as the gateway will (index.html for every screen URL, hashed
 * assets, its strict CSP) and passes /api to the real gateway. startWebStack (test/web) and
 * bench/web/run.js use it only when the gateway answers `/` without the UI; delete this file
 * once that serving is on main.
 */
// The gateway's own (web-gateway branch, services/gateway/src/web/web.routes.ts WEB_CSP).
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; " +
  "form-action 'self'; frame-ancestors 'none'";

const TYPES = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

async function startStandInWeb(distDir, gatewayUrl) {
  const gateway = new URL(gatewayUrl);
  const index = readFileSync(join(distDir, 'index.html'), 'utf8').replace(
    '<head>',
    '<head><base href="/" />',
  );
  const server = http.createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (path.startsWith('/api/')) {
      const upstream = http.request(
        {
          host: gateway.hostname,
          port: gateway.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.writeHead(502).end());
      request.pipe(upstream);
      return;
    }
    const file = normalize(join(distDir, path));
    const asset = file.startsWith(join(distDir, 'assets')) && existsSync(file);
    response.setHeader('content-security-policy', CSP);
    response.setHeader('x-content-type-options', 'nosniff');
    if (asset) {
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'public, max-age=31536000, immutable',
      });
      response.end(readFileSync(file));
      return;
    }
    if (path.startsWith('/assets/')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
    });
    response.end(index);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

module.exports = { startStandInWeb };
