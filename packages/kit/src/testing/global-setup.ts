import { ident } from '../data/database';
import { TEST_DATABASE_PREFIX } from './names';
import { ensureTemplate, withAdminClient } from './template';

/** Jest global setup: build the migrated template once; drop databases left by killed runs. */
export default async function globalSetup(): Promise<void> {
  const template = await ensureTemplate();
  await withAdminClient(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database
        WHERE (starts_with(datname, $1)
               AND datname NOT IN (SELECT datname FROM pg_stat_activity WHERE datname IS NOT NULL))
           OR (starts_with(datname, 'mcs_tpl_') AND datname <> $2 AND right(datname, 6) <> '_build')`,
      [TEST_DATABASE_PREFIX, template],
    );
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${ident(datname)}`).catch(() => undefined);
    }
  });
}
