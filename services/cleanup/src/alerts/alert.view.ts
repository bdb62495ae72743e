import type { InternalApi } from '@mcs/contracts';
import { iso, isoOrNull } from '@mcs/kit';
import { alertActions } from '../domain/alerts';
import type { AlertRecord } from './alert.repository';

/** An alert as internal-api.md 5 shows it. */
export function alertView(record: AlertRecord): InternalApi.components['schemas']['Alert'] {
  return {
    id: record.id,
    kind: record.kind,
    severity: record.severity,
    title: record.title,
    message: record.message,
    data: record.data,
    actions: alertActions(record.kind, record.resolvedAt),
    created_at: iso(record.createdAt),
    resolved_at: isoOrNull(record.resolvedAt),
    resolved_by: record.resolvedBy,
  };
}
