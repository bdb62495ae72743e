#!/usr/bin/env node
// The floor of each route on this machine (issue 30: "show what the floor is, for example a
// bare express + pg route, measured in the same run"): one bare express process that runs the
// owning service's own statement and view (from the built services) through pg, and answers the
// same JSON — without the gateway, its token check, signing, the service's signature check,
// validation, metrics or logs. bench/api/run.js starts it beside the stack and loads each of
// its routes right after the real one.
// bench/api/hop.js puts a bare HTTP hop in front of it.
// Usage: node bench/api/floor.js <database url> <port>   (prints "listening" when ready)
'use strict';
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
const express = require(require.resolve('express', { paths: [join(root, 'services/gateway')] }));
const { createPool, limitOffset, pageOf, pgDatabase } = require(join(root, 'packages/kit/dist'));
const dist = (service, path) => require(join(root, 'services', service, 'dist', path));

const { listCandidates } = dist('cleanup', 'candidates/candidate-query.repository');
const { candidateView } = dist('cleanup', 'candidates/candidate.view');
const { listProtections } = dist('cleanup', 'protections/protection.repository');
const { protectionView } = dist('cleanup', 'protections/protection.view');
const { listMedia } = dist('catalog', 'media/media.repository');
const { mediaView } = dist('catalog', 'media/media.view');
const { feedRepository } = dist('webhooks', 'feed/feed.repository');
const { feedJson } = dist('webhooks', 'feed/event.view');
const { feedPage } = dist('webhooks', 'domain/feed-page');
const { systemRepository } = dist('scheduler', 'system/system.repository');

const [url, port] = process.argv.slice(2);
// The services' pool size (kit runtime: DATABASE_POOL_MAX default 10).
const db = (schema) => pgDatabase(createPool({ url, schema, max: 10 }));
const cleanup = db('cleanup');
const catalog = db('catalog');
const webhooks = db('webhooks');
const scheduler = db('scheduler');

/** The first page, as the list routes read `per_page` (default 50). */
const paging = (req) => ({ page: 1, perPage: Number(req.query.per_page ?? 50) });

const app = express();
app.disable('etag');
app.disable('x-powered-by');
const route = (path, answer) =>
  app.get(path, (req, res, next) => {
    answer(req).then((body) => {
      res.type('application/json').send(typeof body === 'string' ? body : JSON.stringify(body));
    }, next);
  });

// The scheduler keeps the facts until a commit changes them (decision 031); nothing changes
// them during the bench, so they are read once here too.
let facts;
route('/system', async () => (facts ??= await systemRepository.facts(scheduler)));
/** A cleanup list: its repository's page and total, each record through its view. */
const cleanupList = (list, filters, view) => async (req) => {
  const now = new Date();
  const { records, total } = await list(cleanup, filters, limitOffset(paging(req)), now);
  return pageOf(
    records.map((record) => view(record, now)),
    total,
    paging(req),
  );
};

route('/candidates', cleanupList(listCandidates, {}, candidateView));
route('/protections', cleanupList(listProtections, { activeOnly: true }, protectionView));
route('/movies', async (req) => {
  const sort = { field: 'title', order: 'asc' };
  const { rows, total } = await listMedia(catalog, 'movie', {}, sort, paging(req), new Date());
  return pageOf(
    rows.map((row) => mediaView('movie', row)),
    total,
    paging(req),
  );
});
route('/events', async (req) => {
  const limit = Number(req.query.limit ?? 100);
  const notBefore = new Date(Date.now() - 90 * 86_400_000);
  const rows = await feedRepository.page(webhooks, { afterPosition: 0n, notBefore }, limit + 1);
  return feedJson(feedPage(rows, limit, null));
});

app.listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\n'));
// A clean exit on a signal, so that --cpu-prof writes its profile.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
