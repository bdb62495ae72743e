'use strict';
// A bench's stdout as JSON. Most print one indented object last (a service started with
// inherited stdio may have logged before it); catalog-sync prints one JSON line per step
// between progress lines.

function parseOutput(stdout, kind = 'json') {
  if (kind === 'json-lines') {
    const steps = [];
    for (const line of stdout.split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const value = JSON.parse(line);
        if (value.scenario !== undefined) steps.push(value);
      } catch {
        // a log line that only starts like JSON
      }
    }
    if (steps.length === 0) throw new Error('no step lines');
    return steps;
  }
  const lines = stdout.trimEnd().split('\n');
  const start = lines.lastIndexOf('{');
  return JSON.parse(start >= 0 ? lines.slice(start).join('\n') : stdout);
}

module.exports = { parseOutput };
