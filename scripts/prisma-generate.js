#!/usr/bin/env node
// Runs `prisma generate` for the service in the current directory.
// Prisma 7 insists on locating its native schema engine even for `generate`, which never runs
// it; the engine download is not reachable on our build machines, so we point
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file (node itself). Migrations are plain SQL
// applied by the kit's runner (docs/decisions/003-migrations.md).
const { execFileSync } = require('node:child_process');

const cli = require.resolve('prisma/build/index.js', { paths: [process.cwd()] });

execFileSync(process.execPath, [cli, 'generate'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  },
});
