#!/usr/bin/env node
/**
 * `node packages/kit/dist/bin/migrate.js`: creates the database named by DATABASE_URL if needed
 * and applies the platform's and every service's migrations (the runner each service uses at
 * start). `pnpm db:migrate` and the Kubernetes migration Job (infra/k8s) run it; it sits in the
 * kit because every image holds the kit and all migrations, and no repository scripts.
 */
import { join } from 'node:path';
import { ensureDatabase, migrate, workspaceMigrations } from '../data/migrate';

const url = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mcs';
// dist/bin → the workspace root, in the repository and in the image alike.
const root = join(__dirname, '..', '..', '..', '..');

ensureDatabase(url)
  .then(() => migrate(url, workspaceMigrations(root)))
  .then((applied) => {
    process.stdout.write(
      applied.length
        ? applied.map((m) => `applied ${m.schema}/${m.name}\n`).join('')
        : 'database is up to date\n',
    );
  })
  .catch((error: unknown) => {
    // The message only: a connection error can carry the URL, and with it the password.
    process.stderr.write(
      `migration failed: ${error instanceof Error ? error.message : 'unknown error'}\n`,
    );
    process.exit(1);
  });
