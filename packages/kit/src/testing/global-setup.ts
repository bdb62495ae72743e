import { ident } from '../data/database';
import { TEST_DATABASE_PREFIX } from './names';
import { ensureTemplate, withAdminClient } from './template';

/**
 * Jest global setup: build the migrated template once; drop what killed runs left behind.
 *
 * Only what is old enough to belong to no run still going: another checkout on this machine
 * (a second worktree, with its own migrations and so its own template) may be testing right
 * now, and its databases are idle between two connections and its template between two
 * clones. A database's age is its directory's PG_VERSION file, written when it was created.
 */
export default async function globalSetup(): Promise<void> {
  const template = await ensureTemplate();
  await withAdminClient(async (admin) => {
    // missing_ok: a database another run drops meanwhile has no file, and is no business of ours.
    const age = `(pg_stat_file('base/' || d.oid || '/PG_VERSION', true)).modification`;
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database d
        WHERE (starts_with(datname, $1)
               AND datname NOT IN (SELECT datname FROM pg_stat_activity WHERE datname IS NOT NULL)
               AND ${age} < now() - interval '1 hour')
           OR (starts_with(datname, 'mcs_tpl_') AND datname <> $2 AND right(datname, 6) <> '_build'
               AND ${age} < now() - interval '1 day')`,
      [TEST_DATABASE_PREFIX, template],
    );
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${ident(datname)}`).catch(() => undefined);
    }
  });
}
