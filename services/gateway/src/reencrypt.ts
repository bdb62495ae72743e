// `pnpm secrets:reencrypt`: moves the OIDC client secret the gateway stores to the current key
// of ENCRYPTION_KEYS (docs/decisions/023). Reads DATABASE_URL and ENCRYPTION_KEYS only.
import { runReencryptCommand } from '@mcs/kit';
import { SCHEMA } from './db';
import { SEALED_COLUMNS } from './oidc/oidc-settings.repository';

void runReencryptCommand(SCHEMA, SEALED_COLUMNS).then((code) => {
  process.exitCode = code;
});
