import { join } from 'node:path';
import {
  createPool,
  ensureDatabase,
  migrate,
  Outbox,
  PLATFORM_SCHEMA,
  workspaceMigrations,
} from '@mcs/kit';
import type { CliConfig } from '../config';
import { createDb, SCHEMA, type Db } from '../db';
import { Passwords } from '../security/passwords';
import { ApiTokenService } from '../services/api-token.service';
import { SessionService } from '../services/session.service';
import { SetupService } from '../services/setup.service';
import { UserService } from '../services/user.service';

/** The checkout (or image) root: this file is services/gateway/{src,dist}/cli/context.*. */
const ROOT = join(__dirname, '..', '..', '..', '..');

export interface CliContext {
  db: Db;
  setup: SetupService;
  users: UserService;
  tokens: ApiTokenService;
  close: () => Promise<void>;
}

/**
 * The gateway's own services over a small pool, without the runtime: no Redis, no broker, no
 * relay, no HTTP server. The database is created and migrated like at gateway start (platform
 * and gateway schemas only; each other service migrates its own schema when it starts).
 * Outbox rows written here (token revocations) are published by a running gateway's relay.
 */
export async function openContext(config: CliConfig): Promise<CliContext> {
  const url = config.databaseUrl;
  await ensureDatabase(url);
  await migrate(
    url,
    workspaceMigrations(ROOT).filter((s) => s.schema === PLATFORM_SCHEMA || s.schema === SCHEMA),
  );
  const pool = createPool({ url, schema: SCHEMA, max: 2 });
  const db = createDb(pool);
  const clock = () => new Date();
  const passwords = new Passwords({ slots: config.passwordHashSlots });
  return {
    db,
    setup: new SetupService(db, passwords),
    users: new UserService(db, new SessionService(db, clock), passwords),
    tokens: new ApiTokenService(db, new Outbox(SCHEMA), clock),
    close: async () => {
      await db.$disconnect();
      await pool.end();
    },
  };
}
