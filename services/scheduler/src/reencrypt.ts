// `pnpm secrets:reencrypt`: moves every secret of the general settings to the current key of
// ENCRYPTION_KEYS (docs/decisions/023, 025). Reads DATABASE_URL and ENCRYPTION_KEYS only.
import { runReencryptCommand } from '@mcs/kit';
import { SCHEMA } from './db';
import { SEALED_COLUMNS } from './settings/settings.repository';

void runReencryptCommand(SCHEMA, SEALED_COLUMNS).then((code) => {
  process.exitCode = code;
});
