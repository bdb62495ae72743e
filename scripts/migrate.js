#!/usr/bin/env node
// `pnpm db:migrate`: creates the database if needed and applies the platform's and every
// service's migrations (the same runner each service uses at start).
const { join } = require('node:path');
const { ensureDatabase, migrate, workspaceMigrations } = require('../packages/kit/dist');

const url = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mcs';

(async () => {
  await ensureDatabase(url);
  const applied = await migrate(url, workspaceMigrations(join(__dirname, '..')));
  process.stdout.write(
    applied.length
      ? applied.map((m) => `applied ${m.schema}/${m.name}\n`).join('')
      : 'database is up to date\n',
  );
})().catch((error) => {
  process.stderr.write(`migration failed: ${error.message}\n`);
  process.exit(1);
});
