#!/usr/bin/env node
// The layout rules of STYLE and architecture.md that a reader cannot check at a glance, for
// each service's src/ (generated code aside):
//   1. no import cycle between folders: a folder's files may import a folder that imports
//      them back only through a shared folder below both (Tarjan's strongly connected
//      components over the folder graph of relative imports);
//   2. the database is reached only from `*.repository.ts` files (and `db.ts`, which builds
//      the clients): no SQL text, raw query or Prisma model call anywhere else.
// Usage: node scripts/layout-check.js [service | src directory …] (default: every service).
// Exit 1 on a finding.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const args = process.argv.slice(2);
const names = args.length
  ? args
  : fs.readdirSync(path.join(root, 'services')).filter((name) => !name.startsWith('.'));

const SQL = [
  /\$(queryRaw|executeRaw)(Unsafe)?\b/,
  /\bsql`/,
  /\.script\s*[<(]/,
  /\b(tx|db|prisma|client|direct)\.query\s*[<(]/,
  /\b(tx|db|prisma)\.[a-z]\w*\.(findMany|findUnique|findUniqueOrThrow|findFirst|findFirstOrThrow|create|createMany|createManyAndReturn|update|updateMany|upsert|delete|deleteMany|count|aggregate|groupBy)\(/,
  /[`'"]\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH|ANALYZE|VACUUM|LOCK TABLE|TRUNCATE)\s/,
];

let failed = false;
for (const name of names) {
  const src = name.includes('/') ? path.resolve(name) : path.join(root, 'services', name, 'src');
  if (!fs.existsSync(src)) continue;
  const files = walk(src);
  const cycles = folderCycles(src, files);
  for (const cycle of cycles) {
    report(name, `folders import each other: ${cycle.join(' ↔ ')}`);
    for (const [from, to, file] of cycle.edges) console.log(`  ${from} → ${to} (${file})`);
  }
  for (const file of files) {
    const base = path.basename(file);
    if (base.endsWith('.repository.ts') || base === 'db.ts') continue;
    const text = fs.readFileSync(file, 'utf8');
    const line = text.split('\n').findIndex((l) => !isComment(l) && SQL.some((re) => re.test(l)));
    if (line >= 0)
      report(name, `database access outside a repository: ${rel(src, file)}:${line + 1}`);
  }
}
process.exit(failed ? 1 : 0);

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

function rel(src, file) {
  return path.relative(src, file);
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
    const text = fs.readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']*)'/g)) {
      const target = path.resolve(path.dirname(file), spec);
      if (!target.startsWith(src)) continue;
      const isDir = fs.existsSync(target) && fs.statSync(target).isDirectory();
      const to = nodeOf(src, isDir ? path.join(target, 'index.ts') : `${target}.ts`);
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
