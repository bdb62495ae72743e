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
import { createDb, SCHEMA } from '../db';
import { SessionService } from '../sessions/session.service';
import { SetupService } from '../setup/setup.service';
import { ApiTokenService } from '../tokens/api-token.service';
import { Passwords } from '../users/passwords';
import { UserService } from '../users/user.service';

/** The checkout (or image) root: this file is services/gateway/{src,dist}/cli/context.*. */
const ROOT = join(__dirname, '..', '..', '..', '..');

export interface CliContext {
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
    setup: new SetupService(db, passwords),
    users: new UserService(db, new SessionService(db, clock), passwords),
    tokens: new ApiTokenService(db, new Outbox(SCHEMA), clock),
    close: async () => {
      await db.$disconnect();
      await pool.end();
    },
  };
}
