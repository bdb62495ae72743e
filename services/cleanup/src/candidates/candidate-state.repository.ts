import { sql, type Sql } from '@mcs/kit';
import type { AutoDeleteState } from '../domain/auto-delete';

/**
 * The state derivation of domain/auto-delete.ts as a WHERE condition on candidates `c`, so the
 * list filters and counts in SQL (external-api.md 2.3). `auto_delete_eligible_at` is the
 * generated deadline column; test/auto-delete-sql.test.ts checks this agrees with
 * deriveAutoDeleteState on every branch.
 */
export function stateCondition(state: AutoDeleteState, now: Date): Sql {
  const at = sql`${now}::timestamptz`;
  const active = sql`c.auto_delete_configured AND c.auto_delete_cancelled_at IS NULL`;
  switch (state) {
    case 'disabled':
      return sql`NOT c.auto_delete_configured`;
    case 'canceled':
      return sql`c.auto_delete_configured AND c.auto_delete_cancelled_at IS NOT NULL`;
    case 'postponed':
      return sql`${active} AND c.auto_delete_postponed_until IS NOT NULL AND c.auto_delete_eligible_at > ${at}`;
    case 'eligible':
      return sql`${active} AND c.auto_delete_eligible_at <= ${at}`;
    case 'scheduled':
      return sql`${active} AND c.auto_delete_postponed_until IS NULL AND c.auto_delete_eligible_at > ${at}`;
  }
}
