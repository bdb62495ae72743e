'use strict';
// Runs the services as child processes, restarts one that exits unasked (restart-policy.js),
// and stops them all on request or when a service cannot be kept running.
const { spawn } = require('node:child_process');
const { prefixFor, printLines } = require('./log-lines');
const { afterExit, describeExit } = require('./restart-policy');

/**
 * Starts each `{ name, main, env }` (env: the child's whole environment). Returns `stop(code)`
 * (SIGTERM to every running service, then this process exits with `code` once they are gone)
 * and `stopping`.
 */
function supervise(services) {
  let stopping = false;
  let exitCode = 0;
  const running = new Set();
  const restarts = new Set();
  const failures = new Map(services.map(({ name }) => [name, []]));

  function start(service, prefix) {
    const child = spawn(process.execPath, [service.main], {
      env: service.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    printLines(child, prefix, service.name);
    process.stdout.write(`${prefix}started (pid ${child.pid})\n`);
    // 'close', not 'exit': the child's last lines (why it failed) are printed by then.
    child.on('close', (code, signal) => {
      running.delete(child);
      if (stopping) return exitWhenAllGone();
      const step = afterExit(
        service.name,
        failures.get(service.name),
        { code, signal },
        Date.now(),
      );
      if (step.giveUp) {
        process.stdout.write(`\n${step.giveUp}; stopping everything\n`);
        return stop(step.exitCode);
      }
      failures.set(service.name, step.failures);
      const seconds = step.restartInMs / 1000;
      process.stdout.write(
        `${prefix}exited (${describeExit({ code, signal })}); restarting in ${seconds} s\n`,
      );
      const timer = setTimeout(() => {
        restarts.delete(timer);
        start(service, prefix);
      }, step.restartInMs);
      restarts.add(timer);
    });
  }

  function exitWhenAllGone() {
    if (running.size === 0) process.exit(exitCode);
  }

  function stop(code) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const timer of restarts) clearTimeout(timer);
    for (const child of running) child.kill('SIGTERM');
    exitWhenAllGone();
  }

  services.forEach((service, index) => start(service, prefixFor(service.name, index)));
  return {
    stop,
    get stopping() {
      return stopping;
    },
  };
}

module.exports = { supervise };
