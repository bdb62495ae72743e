import type { SqlClient } from './database';
import { sql, type Sql } from './sql';

/**
 * A list page and its total in one statement (docs/decisions/029-list-reads.md): one snapshot,
 * so the total counts exactly the rows a page can show, in one round trip and without a
 * transaction. The total's one row is joined to the page's rows, so a page past the end still
 * answers its total. `page` is a SELECT of the page's rows in their order; `order` repeats that
 * order over its output columns, aliased `p`. Serves plain pg (`direct`) and Prisma alike.
 */
export async function readPage<Row extends object>(
  reader: SqlClient,
  parts: { total: Sql; page: Sql; order: Sql },
): Promise<{ rows: Row[]; total: number }> {
  const statement = sql`
    SELECT t.total, p.*
      FROM (SELECT (${parts.total})::int AS total) t
      LEFT JOIN LATERAL (SELECT true AS in_page, q.* FROM (${parts.page}) q) p ON true
     ORDER BY ${parts.order}`;
  const result = await reader.$queryRawUnsafe<(Row & { total: number; in_page: true | null })[]>(
    statement.text,
    ...statement.values,
  );
  return {
    rows: result.filter((row) => row.in_page !== null),
    total: result[0]?.total ?? 0,
  };
}
