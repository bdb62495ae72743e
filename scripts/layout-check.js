#!/usr/bin/env node
// The layout rules of STYLE and architecture.md that a reader cannot check at a glance.
// For each service's src/ (generated code aside):
//   1. no import cycle between folders: a folder's files may import a folder that imports
//      them back only through a shared folder below both (Tarjan's strongly connected
//      components over the folder graph of relative imports, type-only imports included);
//   2. the database is reached only from `*.repository.ts` files (and `db.ts`, which builds
//      the clients): no SQL text, raw query or Prisma model call anywhere else.
// And, since every service is laid out by feature (issue 26):
//   3. no consumer (a `*.consumer.ts` file, or any file in a `consumers/` folder) and no
//      `server.ts` imports a repository (`*.repository`), not even for a type: they call
//      services, and only services call repositories;
//   4. every file in a feature folder (any top-level folder of src/ but the SHARED ones, at
//      any depth) is named for its kind, `<name>.routes.ts`, `.service.ts`, `.repository.ts`,
//      `.consumer.ts` or `.view.ts`, or is a plain helper of the folder: a name with no second
//      dot (`endpoint-record.ts`) that does not end in a kind after a hyphen
//      (`media-consumer.ts` is a consumer under another name).
// For packages/kit/src, rule 1 at every level: in any folder that holds folders, no cycle
// between the folders (and files) that stand side by side in it. Rule 2 does not apply: the kit's data/ folder is
// its database layer.
// Usage: node scripts/layout-check.js [--kit] [service | kit | src directory …]
// (default: every service and the kit). A directory is checked as a service in the feature
// layout, or with --kit as the kit. Exit 1 on a finding.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
/** Top-level folders that are no feature: pure rules, external clients, wiring, pipelines. */
const SHARED = new Set(['domain', 'integrations', 'jobs', 'messaging', 'http', 'generated']);
const KINDS = ['routes', 'service', 'repository', 'consumer', 'view'];
const KIND_FILE = new RegExp(`^[^.]+\\.(${KINDS.join('|')})\\.ts$`);
const HIDDEN_KIND = new RegExp(`-(${KINDS.join('|')})\\.ts$`);

const SQL = [
  /\$(queryRaw|executeRaw)(Unsafe)?\b/,
  /\bsql`/,
  /\.script\s*[<(]/,
  /\b(tx|db|prisma|client|direct)\.query\s*[<(]/,
  /\b(tx|db|prisma)\.[a-z]\w*\.(findMany|findUnique|findUniqueOrThrow|findFirst|findFirstOrThrow|create|createMany|createManyAndReturn|update|updateMany|upsert|delete|deleteMany|count|aggregate|groupBy)\(/,
  /[`'"]\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH|ANALYZE|VACUUM|LOCK TABLE|TRUNCATE)\s/,
];

let failed = false;
for (const target of targets(process.argv.slice(2))) {
  if (!fs.existsSync(target.src)) continue;
  if (target.kit) checkKit(target);
  else checkService(target);
}
process.exit(failed ? 1 : 0);

/** What to check: { name, src, kit } for each argument, or everything. */
function targets(args) {
  const kit = args.includes('--kit');
  const names = args.filter((arg) => arg !== '--kit');
  const kitTarget = { name: 'kit', src: path.join(root, 'packages', 'kit', 'src'), kit: true };
  const service = (name) => ({ name, src: path.join(root, 'services', name, 'src') });
  if (names.length === 0) {
    const services = fs.readdirSync(path.join(root, 'services')).filter((n) => !n.startsWith('.'));
    return [...services.map(service), kitTarget];
  }
  return names.map((name) => {
    if (name === 'kit') return kitTarget;
    if (!name.includes('/')) return service(name);
    return { name, src: path.resolve(name), kit };
  });
}

function checkService({ name, src }) {
  const files = walk(src);
  reportCycles(name, src, files, '');
  for (const file of files) {
    const base = path.basename(file);
    if (base.endsWith('.repository.ts') || base === 'db.ts') continue;
    const text = fs.readFileSync(file, 'utf8');
    const line = text.split('\n').findIndex((l) => !isComment(l) && SQL.some((re) => re.test(l)));
    if (line >= 0)
      report(name, `database access outside a repository: ${rel(src, file)}:${line + 1}`);
  }
  for (const file of files) {
    const parts = rel(src, file).split(path.sep);
    const base = parts.at(-1);
    if (base.endsWith('.consumer.ts') || parts.includes('consumers') || base === 'server.ts') {
      for (const { spec } of imports(src, file).filter(({ spec }) => /\.repository$/.test(spec)))
        report(name, `${rel(src, file)} imports a repository (${spec}): call a service`);
    }
    if (parts.length > 1 && !SHARED.has(parts[0]) && !isFeatureFile(base))
      report(name, `not a kind of file nor a plain helper: ${rel(src, file)}`);
  }
}

/** `<name>.<kind>.ts`, or a plain helper: no second dot, no kind after a hyphen. */
function isFeatureFile(base) {
  if (KIND_FILE.test(base)) return true;
  return base.split('.').length === 2 && !HIDDEN_KIND.test(base);
}

/** Rule 1 in every folder of the kit that holds folders, over what stands side by side in it. */
function checkKit({ name, src }) {
  const files = walk(src);
  const dirs = [src, ...walkDirs(src)].filter((dir) => walkDirs(dir).length > 0);
  for (const dir of dirs) {
    const inside = files.filter((file) => file.startsWith(dir + path.sep));
    reportCycles(name, dir, inside, dir === src ? '' : `${rel(src, dir)}/`);
  }
}

function reportCycles(name, dir, files, prefix) {
  for (const cycle of folderCycles(dir, files)) {
    report(name, `folders import each other: ${cycle.map((n) => prefix + n).join(' ↔ ')}`);
    for (const [from, to, file] of cycle.edges)
      console.log(`  ${prefix}${from} → ${prefix}${to} (${prefix}${file})`);
  }
}

function report(service, message) {
  failed = true;
  console.log(`${service}: ${message}`);
}

function isComment(line) {
  return /^\s*(\/\/|\*|\/\*)/.test(line);
}

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : walk(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function walkDirs(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'generated')
    .flatMap((entry) => [path.join(dir, entry.name), ...walkDirs(path.join(dir, entry.name))]);
}

function rel(src, file) {
  return path.relative(src, file);
}

/** The relative imports (and re-exports) of a file: the spec as written and its target. */
function imports(src, file) {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']*)'/g)].map(([, spec]) => {
    const target = path.resolve(path.dirname(file), spec);
    const isDir = fs.existsSync(target) && fs.statSync(target).isDirectory();
    return { spec, target: isDir ? path.join(target, 'index.ts') : `${target}.ts` };
  });
}

/**
 * The node a file belongs to: its top-level folder under src (a feature and everything in it),
 * or, for a file directly in src (main, app, config, db), the file itself: wiring above every
 * folder and shared parts below them are not one node.
 */
function nodeOf(src, file) {
  const [first, ...rest] = path.relative(src, file).split(path.sep);
  return rest.length === 0 ? first.replace(/\.ts$/, '') : `${first}/`;
}

/** Node → the nodes its files import (relative imports only), each with one importing file. */
function folderGraph(src, files) {
  const graph = new Map();
  for (const file of files) {
    const from = nodeOf(src, file);
    const edges = graph.get(from) ?? new Map();
    graph.set(from, edges);
    for (const { target } of imports(src, file)) {
      if (!target.startsWith(src + path.sep)) continue;
      const to = nodeOf(src, target);
      if (to !== from && to !== 'generated/' && !edges.has(to)) edges.set(to, rel(src, file));
    }
  }
  return graph;
}

/** Each strongly connected component of more than one folder, sorted. */
function folderCycles(src, files) {
  const graph = folderGraph(src, files);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of (graph.get(node) ?? new Map()).keys()) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length < 2) return;
    const members = new Set(component);
    const cycle = component.sort();
    cycle.edges = cycle.flatMap((from) =>
      [...graph.get(from)].filter(([to]) => members.has(to)).map(([to, file]) => [from, to, file]),
    );
    components.push(cycle);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components;
}
