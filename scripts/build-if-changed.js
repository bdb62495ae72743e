#!/usr/bin/env node
// The first half of `pnpm start`: runs `pnpm generate`, then `pnpm build`, each only when
// something it reads or writes changed since its last successful run. A step is skipped when
// the content hash of its inputs and the one of its outputs are both what they were right after
// that run, so an edit, a checkout, a new lockfile or a deleted dist/ all run it again. The
// hashes live in node_modules/.cache/mcs/steps.json, which git ignores and a fresh install drops.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { hashFiles, workspacePackages } = require('./start/content-hash');

const root = path.join(__dirname, '..');
const stampFile = path.join(root, 'node_modules', '.cache', 'mcs', 'steps.json');
const ROOT_FILES = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml'];

/**
 * Inputs and outputs per step, for the packages that have the step's script. The generators
 * read a package's own definitions (contracts' documents and scripts, a service's prisma/),
 * never its src/ or tests; swc reads src/ alone, configured by .swcrc. Vite (packages/web,
 * served by the gateway) reads its index.html, vite.config.ts and public/ too.
 */
const VITE_INPUTS = (dir) => [
  { file: path.join(dir, 'index.html') },
  { file: path.join(dir, 'vite.config.ts') },
  { dir: path.join(dir, 'public') },
];
const STEPS = [
  {
    script: 'generate',
    inputs: (dir) => [{ dir, skip: ['node_modules', 'dist', 'src', 'test'] }],
    outputs: (dir) => [{ dir: path.join(dir, 'src', 'generated') }],
    rootInputs: [...ROOT_FILES, 'scripts/prisma-generate.js'],
  },
  {
    script: 'build',
    inputs: (dir) => [
      { dir: path.join(dir, 'src') },
      { file: path.join(dir, 'package.json') },
      ...(fs.existsSync(path.join(dir, 'vite.config.ts')) ? VITE_INPUTS(dir) : []),
    ],
    outputs: (dir) => [{ dir: path.join(dir, 'dist') }],
    rootInputs: [...ROOT_FILES, '.swcrc', 'tsconfig.json', 'tsconfig.base.json'],
  },
];

function readStamps() {
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return {};
  }
}

function writeStamps(stamps) {
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, `${JSON.stringify(stamps, null, 2)}\n`);
}

function runIfChanged(step, packages, stamps) {
  const dirs = packages.filter((pkg) => pkg.scripts[step.script]).map((pkg) => pkg.dir);
  const inputs = hashFiles(root, [
    ...step.rootInputs.map((file) => ({ file: path.join(root, file) })),
    ...dirs.flatMap(step.inputs),
  ]);
  const outputsHash = () => hashFiles(root, dirs.flatMap(step.outputs));
  const last = stamps[step.script];
  if (last?.inputs === inputs && last.outputs === outputsHash()) {
    process.stdout.write(`pnpm ${step.script}: nothing changed, skipped\n`);
    return;
  }
  const run = spawnSync('pnpm', ['run', step.script], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  stamps[step.script] = { inputs, outputs: outputsHash() };
  writeStamps(stamps);
}

const stamps = readStamps();
const packages = workspacePackages(root);
for (const step of STEPS) runIfChanged(step, packages, stamps);
