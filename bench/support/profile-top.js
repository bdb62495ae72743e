#!/usr/bin/env node
// The heaviest frames of a V8 .cpuprofile (node --cpu-prof): self time by function and, to
// see which library pays, by package (node_modules/<name>, node: internals, or our services'
// and kit's own code). Usage: node bench/support/profile-top.js <file.cpuprofile> [rows]
'use strict';
const { readFileSync } = require('node:fs');

function top(file, rows = 15) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  // Each sample names the node that was running; time deltas say for how long.
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const functions = new Map();
  const packages = new Map();
  for (const [id, micros] of self) {
    const { callFrame } = byId.get(id);
    const where = packageOf(callFrame.url, callFrame.functionName);
    const name = `${callFrame.functionName || '(anonymous)'} ${where}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
    packages.set(where, (packages.get(where) ?? 0) + micros);
  }
  const share = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, rows)
      .map(([name, micros]) => `${((100 * micros) / total).toFixed(1).padStart(5)} %  ${name}`);
  return { functions: share(functions), packages: share(packages) };
}

function packageOf(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const service = /\/(services|packages)\/([^/]+)\//.exec(url);
  return service ? `${service[1]}/${service[2]}` : url;
}

if (require.main === module) {
  const result = top(process.argv[2], Number(process.argv[3] ?? 15));
  process.stdout.write(
    `by package:\n${result.packages.join('\n')}\n\nby function:\n${result.functions.join('\n')}\n`,
  );
}

module.exports = { top };
