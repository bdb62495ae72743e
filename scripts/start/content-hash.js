'use strict';
// Content hashes for scripts/build-if-changed.js.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { parse } = require('yaml');

/**
 * One SHA-256 over the given files and directories (recursively, minus the `skip` names at
 * their top): each file's path relative to `root`, then its bytes, in path order. A missing
 * directory holds no files and a missing file counts as empty.
 */
function hashFiles(root, sources) {
  const files = sources.flatMap((source) =>
    source.file ? [source.file] : filesUnder(source.dir, new Set(source.skip ?? [])),
  );
  const hash = createHash('sha256');
  for (const file of [...new Set(files)].sort()) {
    hash.update(`${path.relative(root, file)}\0`);
    if (fs.existsSync(file)) hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function filesUnder(dir, skip) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skip.has(entry.name) || entry.name === 'node_modules') return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full, new Set()) : [full];
  });
}

/** The workspace's packages (pnpm-workspace.yaml): `{ dir, scripts }` each. */
function workspacePackages(root) {
  const { packages } = parse(fs.readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8'));
  const dirs = packages.flatMap((pattern) => {
    if (!pattern.includes('*')) return [path.join(root, pattern)];
    if (!/^[\w./-]+\/\*$/.test(pattern))
      throw new Error(`pnpm-workspace.yaml: only "dir" and "dir/*" are understood, not ${pattern}`);
    const parent = path.join(root, pattern.slice(0, -2));
    return fs
      .readdirSync(parent, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(parent, entry.name));
  });
  return dirs
    .filter((dir) => fs.existsSync(path.join(dir, 'package.json')))
    .map((dir) => ({
      dir,
      scripts: JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).scripts ?? {},
    }));
}

module.exports = { hashFiles, workspacePackages };
