'use strict';
// test/chaos/REPORT.md from one run's result (report.js).
const { execFileSync } = require('node:child_process');
const os = require('node:os');
const { join } = require('node:path');

const dash = (value) => (value === undefined || value === '' ? '–' : String(value));
const list = (items) =>
  items.length === 0
    ? '0'
    : `${items.length}: ${items.slice(0, 10).join(', ')}${items.length > 10 ? ', …' : ''}`;

function commit() {
  try {
    const root = join(__dirname, '..', '..');
    const git = (...args) =>
      execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
    // The report's own files aside: this run writes them.
    const dirty =
      git(
        'status',
        '--porcelain',
        '--untracked-files=no',
        '--',
        '.',
        ':!test/chaos/REPORT.md',
        ':!test/chaos/last-run.json',
      ) !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

function render({ setup, checks, result }) {
  const { actions, feed, deliveries } = result;
  const faultRows = result.faults.map((f) =>
    [
      f.name,
      dash(f.at_s),
      dash(f.back_s),
      f.recovered ? dash(f.flowing_s) : '**not recovered**',
      dash(f.longest_without_ack_s),
      dash(f.max_feed_lag_s),
      dash(f.max_delivery_lag_s),
      `${f.acked} / ${f.retried}`,
      dash(f.failed_attempts),
    ].join(' | '),
  );
  // A SIGKILL is the run's own: nothing else sends one.
  const other = result.exits.filter((e) => e.how !== 'SIGKILL');
  return `# Chaos run: the last report

Written by \`pnpm test:chaos\` (test/chaos/run.js) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC,
commit ${commit()}, on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'},
${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}.

## What ran
- Two replicas of each of the five services (ten processes), each service behind a round-robin
  balancer that routes to the replicas whose \`/health\` answers (as a Kubernetes Service
  would), supervised as \`pnpm start\` supervises: a killed replica is started again.
- PostgreSQL, Redis and RabbitMQ of the run's own, so faults touch nothing else.
- The simulator's library (${setup.library.movies} movies, ${setup.library.series} series), the
  demo's rules and receiver (every signature verified): **${setup.candidates} candidates**.
- The load: ${setup.workers} clients, ${setup.rate} candidate actions a second in all, each with its own
  \`Idempotency-Key\` and retried with it until a final answer (a 5xx, 409 \`idempotency_key_in_use\`,
  429, refused connection or 15 s timeout is retried). Each candidate is postponed six times to
  ever later dates, then canceled, reset or protected: every action has one event of its own.
- The faults, in turn, each after the previous one recovered and 5 s of steady load: SIGKILL
  one replica of each service, then both replicas of each service, restart RabbitMQ (node stopped
  and started), flush Redis (FLUSHALL), crash PostgreSQL (immediate stop, so the restart replays
  its WAL) and start it again.

## Verdict

| check | result |
|---|---|
${Object.entries(checks)
  .map(([check, ok]) => `| ${check} | ${ok ? 'pass' : '**FAIL**'} |`)
  .join('\n')}

- Actions: ${actions.started} started, **${actions.acknowledged} acknowledged**, ${actions.retried} of them after a retry
  (${actions.replayed} answered as a replay of an earlier attempt), ${actions.attempts} attempts in all; refused: ${list(actions.refused)}.
- Lost (acknowledged, no event): ${list(result.lost)}. Recorded twice: ${list(result.duplicated)}
  (of them retried keys: ${list(result.retried_and_duplicated)}). Refused but done: ${list(result.refused_but_done)}.
  500 answers: ${list(result.internal_errors)}.
  Action events no action explains: ${list(result.unattributed)}.
- Feed: ${feed.events} events (${feed.by_type}); ${feed.duplicate_ids} ids twice; ${feed.missed_by_follower} missed by
  the client that followed it live from its cursor.
- Deliveries: ${deliveries.received} received and verified; undelivered events: ${list(deliveries.undelivered)};
  deliveries of no feed event: ${list(deliveries.strays)}; events delivered more than once (same
  \`webhook-id\`, as at-least-once allows): ${deliveries.redelivered}.

## Each fault and its recovery

Times in seconds from the fault. **back**: the replicas it touched answer \`/health\` 200 again (every
replica, for PostgreSQL, Redis and RabbitMQ). **recovered**: an action first tried after the fault
is acknowledged, in the feed and delivered. **longest without an ack**: the longest time no action
was acknowledged, from the fault to the next one. **feed lag** and **delivery lag**: the most an
action acknowledged in that window waited for its event to be readable in the feed, and for its
delivery.

| fault | at | back | recovered | longest without an ack | feed lag | delivery lag | acked / after a retry | failed attempts |
|---|---:|---:|---:|---:|---:|---:|---:|---|
${faultRows.map((row) => `| ${row} |`).join('\n')}

## Replicas that exited on their own
${other.length === 0 ? 'None: every exit was a SIGKILL of the run.' : other.map((e) => `- ${e.replica}: ${e.how}`).join('\n')}
`;
}

module.exports = { render };
