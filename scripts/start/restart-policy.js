'use strict';
// When `pnpm start` restarts a service that exited on its own, and when it gives up.

/** Exit status of a configuration error (packages/kit/src/config.ts): no restart can fix it. */
const EX_CONFIG = 78;

const POLICY = {
  /** The first restart waits this long; each further failure within the window doubles it. */
  firstDelayMs: 500,
  maxDelayMs: 5000,
  /** This many failures of one service within `windowMs` is a crash loop: stop everything. */
  crashLimit: 5,
  windowMs: 60_000,
};

/** "code 1" or "SIGKILL". */
function describeExit({ code, signal }) {
  return signal ?? `code ${code}`;
}

/**
 * What to do after a service exited unasked. `failures` are the times of its earlier failures
 * (ms). Returns `{ restartInMs, failures }` (the failures to remember, this one included), or
 * `{ giveUp, exitCode }` with the reason to print before stopping everything.
 */
function afterExit(name, failures, exit, now, policy = POLICY) {
  if (exit.code === EX_CONFIG)
    return {
      giveUp: `${name} has a configuration error (code ${EX_CONFIG}), which no restart can fix`,
      exitCode: EX_CONFIG,
    };
  const recent = [...failures.filter((at) => now - at < policy.windowMs), now];
  if (recent.length >= policy.crashLimit)
    return {
      giveUp:
        `${name} failed ${recent.length} times within ${policy.windowMs / 1000} s ` +
        `(last: ${describeExit(exit)})`,
      exitCode: 1,
    };
  const delay = policy.firstDelayMs * 2 ** (recent.length - 1);
  return { restartInMs: Math.min(delay, policy.maxDelayMs), failures: recent };
}

module.exports = { afterExit, describeExit, POLICY };
