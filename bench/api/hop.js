#!/usr/bin/env node
// The floor of the gateway's hop (issue 30): a bare node:http process that forwards each request
// to bench/api/floor.js over kept-alive connections and streams the answer back. Every external
// request pays for one such hop (the gateway is mandated); this is that hop without the
// gateway's work (token check, scopes, signing, validation, metrics, logs).
// Usage: node bench/api/hop.js <target port> <port>   (prints "listening" when ready)
'use strict';
const http = require('node:http');

const [target, port] = process.argv.slice(2).map(Number);
// As many kept-alive connections as the load opens (the gateway's agent allows 256).
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
/** Hop-by-hop headers belong to one connection, not to the forwarded message. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);
const endToEnd = (headers) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

http
  .createServer((req, res) => {
    const options = { host: '127.0.0.1', port: target, path: req.url, method: req.method };
    const forwarded = http.request(
      { ...options, headers: endToEnd(req.headers), agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(forwarded);
  })
  .listen(port, '127.0.0.1', () => process.stdout.write('listening\n'));
// A clean exit on a signal, so that --cpu-prof writes its profile.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
