import type { Clock, SqlClient } from '@mcs/kit';
import type { Db } from '../db';
import type { SourceStatusService } from '../sources/source-status.service';

/**
 * What the services that evaluate rules over the whole projection need: the scan, and the
 * rules' preview and diff (which evaluate as the scan does).
 */
export interface EvaluationDeps {
  db: Db;
  /** The projection's bulk reads (decision 017). */
  direct: SqlClient;
  clock: Clock;
  sourceStatus: SourceStatusService;
}
