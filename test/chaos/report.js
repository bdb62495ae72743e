'use strict';
// The chaos run's verdict (test/chaos/run.js): each action matched to its events in the feed and
// their deliveries, the invariants checked, each fault's recovery measured, and the report.

/** An action's identity as its event shows it: type, candidate and, for a postpone, the date. */
function actionKey(action) {
  const until = action.kind === 'postpone' ? Date.parse(action.body.until) : '';
  return `${action.event}|${action.candidateId}|${until}`;
}

function eventKey(event) {
  const until =
    event.type === 'candidate.postponed'
      ? Date.parse(event.payload?.candidate?.auto_delete_postponed_until)
      : '';
  return `${event.type}|${event.candidate_id}|${until}`;
}

/** Events by actionKey, fed as the feed grows. */
function eventIndex() {
  const byKey = new Map();
  let fed = 0;
  return {
    update(events) {
      for (; fed < events.length; fed += 1) {
        const key = eventKey(events[fed]);
        byKey.set(key, [...(byKey.get(key) ?? []), events[fed]]);
      }
    },
    of: (action) => byKey.get(actionKey(action)) ?? [],
  };
}

const seconds = (ms) => (ms === undefined ? undefined : Math.round(ms / 100) / 10);
const max = (values) => values.reduce((a, b) => (a === undefined || b > a ? b : a), undefined);

/** "502 ×12, ECONNREFUSED ×3": the failed attempts' answers, most frequent first. */
function tally(whats) {
  const counts = new Map();
  for (const what of whats) counts.set(what, (counts.get(what) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([what, n]) => `${what} ×${n}`)
    .join(', ');
}

/** The measures of one window [from, to) of the run: the baseline or one fault. */
function windowMeasures({ from, to, actions, index, seen, deliveries }) {
  const acked = actions.filter((a) => a.ackAt >= from && a.ackAt < to);
  const eventOf = (a) => index.of(a)[0];
  const feedLag = acked.map((a) => eventOf(a) && seen.get(eventOf(a).id) - a.ackAt);
  const deliveryLag = acked.map(
    (a) => eventOf(a) && deliveries.get(eventOf(a).id)?.firstAt - a.ackAt,
  );
  const ackTimes = [from, ...acked.map((a) => a.ackAt).sort((a, b) => a - b), to];
  const failed = actions.flatMap((a) =>
    a.attempts.slice(0, a.ackAt ? -1 : undefined).filter((t) => t.at >= from && t.at < to),
  );
  return {
    acked: acked.length,
    retried: acked.filter((a) => a.attempts.length > 1).length,
    longest_without_ack_s: seconds(max(ackTimes.slice(1).map((t, i) => t - ackTimes[i]))),
    max_feed_lag_s: seconds(max(feedLag.filter(Number.isFinite))),
    max_delivery_lag_s: seconds(max(deliveryLag.filter(Number.isFinite))),
    failed_attempts: tally(failed.map((t) => t.what)),
  };
}

/** Every check and measure, from what the run recorded. */
function analyse({ actions, feed, follower, deliveries, faults, exits, startedAt, endedAt }) {
  const index = eventIndex();
  index.update(feed);
  const acked = actions.filter((a) => a.ackAt);
  const matches = (a) => index.of(a).length;
  const ids = new Set(feed.map((e) => e.id));
  const actionEvents = new Set(Object.values(require('./load').EVENT_OF));
  const attributed = new Set(actions.flatMap((a) => index.of(a).map((e) => e.id)));
  const windows = [{ name: 'none (steady load)', at: startedAt }, ...faults];
  return {
    actions: {
      started: actions.length,
      acknowledged: acked.length,
      refused: actions.filter((a) => a.refusal).map((a) => `${a.key}: ${a.refusal}`),
      retried: acked.filter((a) => a.attempts.length > 1).length,
      replayed: acked.filter((a) => a.replayed).length,
      attempts: actions.reduce((n, a) => n + a.attempts.length, 0),
    },
    lost: acked.filter((a) => matches(a) === 0).map((a) => a.key),
    // When each lost action was tried and acknowledged (s from the start), to find its fault.
    lost_detail: acked
      .filter((a) => matches(a) === 0)
      .map((a) => ({
        key: a.key,
        attempts: a.attempts.map((t) => `${seconds(t.at - startedAt)} s: ${t.what}`),
      })),
    duplicated: actions.filter((a) => matches(a) > 1).map((a) => `${a.key} ×${matches(a)}`),
    retried_and_duplicated: actions
      .filter((a) => a.attempts.length > 1 && matches(a) > 1)
      .map((a) => a.key),
    internal_errors: actions.flatMap((a) =>
      a.attempts
        .filter((t) => t.what.startsWith('500'))
        .map((t) => `${a.key} at ${seconds(t.at - startedAt)} s (request ${t.requestId})`),
    ),
    refused_but_done: actions.filter((a) => a.refusal && matches(a) > 0).map((a) => a.key),
    unattributed: feed
      .filter((e) => actionEvents.has(e.type) && !attributed.has(e.id))
      .map((e) => `${e.type} ${e.candidate_id}`),
    feed: {
      events: feed.length,
      duplicate_ids: feed.length - ids.size,
      missed_by_follower: feed.filter((e) => !follower.seen.has(e.id)).length,
      by_type: tally(feed.map((e) => e.type)),
    },
    deliveries: {
      received: [...deliveries.values()].reduce((n, d) => n + d.count, 0),
      undelivered: feed.filter((e) => !deliveries.has(e.id)).map((e) => e.id),
      strays: [...deliveries.keys()].filter((id) => !ids.has(id)),
      redelivered: [...deliveries.values()].filter((d) => d.count > 1).length,
    },
    faults: windows.map((fault, i) => ({
      name: fault.name,
      at_s: seconds(fault.at - startedAt),
      back_s: seconds(fault.backAt && fault.backAt - fault.at),
      flowing_s: seconds(fault.flowingAt && fault.flowingAt - fault.at),
      recovered: i === 0 || Boolean(fault.flowingAt),
      ...windowMeasures({
        from: fault.at,
        to: windows[i + 1]?.at ?? endedAt,
        actions,
        index,
        seen: follower.seen,
        deliveries,
      }),
    })),
    exits,
  };
}

/** The invariants the issue names, each true or false. */
function verdict(result) {
  return {
    'no acknowledged action lost from the feed': result.lost.length === 0,
    'no action recorded twice (retried keys included)': result.duplicated.length === 0,
    'no event twice in the feed': result.feed.duplicate_ids === 0,
    'every event delivered': result.deliveries.undelivered.length === 0,
    'no delivery of an event the feed lacks': result.deliveries.strays.length === 0,
    'every action answered 2xx in the end': result.actions.refused.length === 0,
    'no 500 on the way (an outage answers 503)': result.internal_errors.length === 0,
    'every fault recovered from': result.faults.every((f) => f.recovered),
  };
}

module.exports = { analyse, verdict, eventIndex, actionKey };
