'use strict';
// The steady load of the chaos run: candidate actions through the gateway, each with its own
// Idempotency-Key, retried with that same key until a final answer (a busy key, a 429, a 5xx, a
// refused connection or a timeout is retried), as an integrator retries. Each candidate gets
// POSTPONES postpones to ever later dates, then one of cancel, reset-timer or protect: every
// action has its own event, told apart by type, candidate and (a postpone) its date.
const POSTPONES = 6;
const TERMINAL = ['cancel', 'reset-timer', 'protect'];
const DAY = 86_400_000;

/** The event an action records (events-webhooks.md). */
const EVENT_OF = {
  postpone: 'candidate.postponed',
  cancel: 'candidate.canceled',
  'reset-timer': 'candidate.timer_reset',
  protect: 'candidate.protected',
};

/** The actions for one candidate, in order; the dates lie past the rules' 30-day delay. */
function planFor(candidateId, index, from) {
  const postpones = Array.from({ length: POSTPONES }, (_, k) => ({
    kind: 'postpone',
    body: { until: new Date(from + (40 + k) * DAY).toISOString(), reason: 'chaos' },
  }));
  const kind = TERMINAL[index % TERMINAL.length];
  const last = { kind, body: kind === 'reset-timer' ? {} : { reason: 'chaos' } };
  return [...postpones, last].map((step, k) => ({
    ...step,
    candidateId,
    key: `chaos-${candidateId}-${k}`,
    event: EVENT_OF[step.kind],
    attempts: [],
  }));
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One attempt: 'ack', 'retry' (with a delay) or 'final' (a refusal), and what happened. */
async function attempt(gateway, token, action) {
  let response;
  try {
    response = await fetch(`${gateway}/api/v1/candidates/${action.candidateId}/${action.kind}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': action.key,
      },
      body: JSON.stringify(action.body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    return { outcome: 'retry', delayMs: 300, what: error.cause?.code ?? error.name };
  }
  const text = await response.text().catch(() => '');
  const { status } = response;
  const what = `${status}${status >= 400 ? ` ${/"code":"([^"]*)"/.exec(text)?.[1] ?? ''}` : ''}`;
  // A 500 is a bug (an outage answers 503): its request id finds it in the services' logs.
  if (status === 500)
    return {
      outcome: 'retry',
      delayMs: 300,
      what,
      requestId: response.headers.get('x-request-id'),
    };
  if (status === 200 || status === 201)
    return {
      outcome: 'ack',
      what,
      replayed: response.headers.get('idempotent-replayed') === 'true',
    };
  if (status === 429) {
    const after = Number(response.headers.get('retry-after') ?? 1);
    return { outcome: 'retry', delayMs: Math.min(5, after) * 1000, what };
  }
  if (status >= 500 || (status === 409 && what.includes('idempotency_key_in_use')))
    return { outcome: 'retry', delayMs: 300, what };
  return { outcome: 'final', what };
}

/**
 * Runs `workers` loops over the candidates at `rate` actions a second in all, until `stop()`
 * (each loop finishes the action it holds, retries included). `actions` grows as they start.
 */
function startLoad({ gateway, token, candidateIds, rate, workers }) {
  const from = Date.now();
  const actions = [];
  const queue = [...candidateIds];
  let index = 0;
  let stopping = false;
  let nextSlot = Date.now();
  const pace = async () => {
    const slot = Math.max(Date.now(), nextSlot);
    nextSlot = slot + 1000 / rate;
    await wait(slot - Date.now());
  };

  async function perform(action) {
    actions.push(action);
    for (;;) {
      const at = Date.now();
      const result = await attempt(gateway, token, action);
      action.attempts.push({ at, what: result.what, requestId: result.requestId });
      if (result.outcome === 'ack') {
        Object.assign(action, { ackAt: Date.now(), replayed: result.replayed });
        return true;
      }
      if (result.outcome === 'final') {
        Object.assign(action, { refusedAt: Date.now(), refusal: result.what });
        return false;
      }
      await wait(result.delayMs);
    }
  }

  async function loop() {
    while (!stopping && queue.length > 0) {
      const candidateId = queue.shift();
      for (const action of planFor(candidateId, index++, from)) {
        if (stopping) break;
        await pace();
        if (!(await perform(action))) break;
      }
    }
  }

  const done = Promise.all(Array.from({ length: workers }, loop));
  return {
    actions,
    get exhausted() {
      return queue.length === 0;
    },
    async stop() {
      stopping = true;
      await done;
    },
  };
}

module.exports = { startLoad, EVENT_OF };
