import { ident } from '../data/database';
import { TEST_DATABASE_PREFIX } from './names';
import { ensureTemplate, withAdminClient } from './template';

/** Jest global setup: build the migrated template once; drop databases left by killed runs. */
export default async function globalSetup(): Promise<void> {
  const template = await ensureTemplate();
  await withAdminClient(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database
        WHERE (datname LIKE $1 AND datname NOT IN (SELECT datname FROM pg_stat_activity WHERE datname IS NOT NULL))
           OR (datname LIKE 'mcs_tpl_%' AND datname <> $2 AND datname NOT LIKE '%_build')`,
      [`${TEST_DATABASE_PREFIX}%`, template],
    );
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${ident(datname)}`).catch(() => undefined);
    }
  });
}
