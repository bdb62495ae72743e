'use strict';
// How `pnpm start` prints its services' output: one prefixed line each.
const readline = require('node:readline');

const COLORS = [36, 35, 33, 32, 34];
const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** "catalog  | ", coloured on a terminal. */
function prefixFor(name, index) {
  const label = `${name.padEnd(9)}|`;
  return process.stdout.isTTY
    ? `\x1b[${COLORS[index % COLORS.length]}m${label}\x1b[0m `
    : `${label} `;
}

/**
 * Pino JSON lines become "12:00:01 INFO message {extra}" ("… INFO [cleanup] message" when the
 * line is from another service than the prefix names: the one process of MCS_SINGLE_PROCESS);
 * anything else passes through.
 */
function format(line, name) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null || !('level' in entry)) return line;
  const { level, time, msg, service, ...rest } = entry;
  const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
  const from = service && service !== name ? ` [${service}]` : '';
  return `${String(time).slice(11, 19)} ${LEVELS[level] ?? level}${from} ${msg ?? ''}${extra}`;
}

/** Prints every line of a child's stdout and stderr behind its prefix. */
function printLines(child, prefix, name) {
  for (const stream of [child.stdout, child.stderr]) {
    readline
      .createInterface({ input: stream })
      .on('line', (line) => process.stdout.write(`${prefix}${format(line, name)}\n`));
  }
}

module.exports = { prefixFor, printLines };
