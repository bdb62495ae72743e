'use strict';
// A round-robin TCP balancer over a service's replicas, as a Kubernetes Service or compose's DNS
// spreads connections: it routes to the replicas whose /health answered 200 at the last check
// (every 500 ms), to any that accepts the connection when none did, and to the next one when a
// connection is refused. A connection to a replica that dies is cut, as it would be.
const http = require('node:http');
const net = require('node:net');

/** Whether the replica on `port` answers /health 200 within a second (never rejects). */
function healthy(port) {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/health', timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(false));
  });
}

/** Listens on `port`, spreading connections over `replicas` (ports). Returns `close()`. */
function balance(port, replicas) {
  let ready = [...replicas];
  let turn = 0;
  const timer = setInterval(async () => {
    const states = await Promise.all(replicas.map(healthy));
    ready = replicas.filter((_, i) => states[i]);
  }, 500);

  const server = net.createServer((client) => {
    client.on('error', () => undefined);
    const preferred = ready.length > 0 ? ready : replicas;
    const first = turn++ % preferred.length;
    const order = [...preferred.slice(first), ...preferred.slice(0, first)];
    order.push(...replicas.filter((p) => !order.includes(p)));
    const attempt = (i) => {
      if (i >= order.length || client.destroyed) return client.destroy();
      const upstream = net.connect(order[i], '127.0.0.1');
      upstream.once('error', () => attempt(i + 1));
      upstream.once('connect', () => {
        upstream.removeAllListeners('error');
        upstream.on('error', () => client.destroy());
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
      });
    };
    attempt(0);
  });
  server.listen(port, '127.0.0.1');
  return () => {
    clearInterval(timer);
    server.close();
  };
}

module.exports = { balance, healthy };
