'use strict';
// What the chaos run watches: the feed, read as an integrator follows it (GET /api/v1/events
// from the last cursor, every 300 ms, errors retried), and the receiver's verified deliveries;
// each event with the time it was first seen.

/** Every event of the feed after `cursor`, page by page. */
async function readFeed(gateway, token, cursor) {
  const events = [];
  for (;;) {
    const query = `limit=500${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await fetch(`${gateway}/api/v1/events?${query}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`the feed answered ${response.status}`);
    const page = await response.json();
    events.push(...page.items);
    if (!page.has_more || !page.next_cursor) return events;
    cursor = page.next_cursor;
  }
}

/** Follows the feed from its start until `stop()`; `seen` maps event id → first seen (ms). */
function followFeed(gateway, token) {
  const events = [];
  const seen = new Map();
  let stopping = false;
  let errors = 0;
  const done = (async () => {
    while (!stopping) {
      try {
        const cursor = events.at(-1)?.id;
        for (const event of await readFeed(gateway, token, cursor)) {
          if (!seen.has(event.id)) seen.set(event.id, Date.now());
          events.push(event);
        }
      } catch {
        errors += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  })();
  return {
    events,
    seen,
    get errors() {
      return errors;
    },
    async stop() {
      stopping = true;
      await done;
    },
  };
}

/** The receiver's side: each webhook-id's deliveries and when the first arrived. */
function deliveryLog() {
  const byId = new Map();
  return {
    byId,
    record(id) {
      const entry = byId.get(id);
      if (entry) entry.count += 1;
      else byId.set(id, { count: 1, firstAt: Date.now() });
    },
  };
}

module.exports = { readFeed, followFeed, deliveryLog };
