#!/usr/bin/env node
// The floor of the gateway's hop (issue 30): a bare node:http process that forwards each request
// to bench/api/floor.js over kept-alive connections and streams the answer back. Every external
// request pays for one such hop (the gateway is mandated); this is that hop without the
// gateway's work (token check, scopes, signing, validation, metrics, logs).
// Usage: node bench/api/hop.js <target port> <port>   (prints "listening" when ready)
'use strict';
const http = require('node:http');

const [target, port] = process.argv.slice(2).map(Number);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

http
  .createServer((req, res) => {
    const options = { host: '127.0.0.1', port: target, path: req.url, method: req.method };
    const forwarded = http.request({ ...options, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => res.writeHead(502).end());
    req.pipe(forwarded);
  })
  .listen(port, '127.0.0.1', () => process.stdout.write('listening\n'));
// A clean exit on a signal, so that --cpu-prof writes its profile.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
