import { AlertTriangle } from 'lucide-react';
import { DateTime } from '../../ui/DateTime';
import type { RuleField } from './model';
import type { SyncState } from './services';

/** Says which data this rule needs is missing or old, so its matches would be "unknown". */
export function SyncWarning({
  sync,
  fields,
}: {
  sync: SyncState | undefined;
  fields: RuleField[];
}) {
  if (!sync || sync.ready) return null;
  const missing = sync.fields.filter((f) => !f.available);
  const troubled = sync.sources.filter((s) => s.state !== 'ok' || s.stale);
  const label = (field: string) => fields.find((f) => f.field === field)?.label ?? field;
  return (
    <div className="banner warning" role="status">
      <AlertTriangle size={18} aria-hidden />
      <div>
        <p>
          <strong>Some data this rule needs is not present or not fresh.</strong> Items depending on
          it are “unknown” and are neither scheduled nor removed.
        </p>
        <ul>
          {missing.map((f) => (
            <li key={f.field}>
              {label(f.field)}: no data from {f.source}
            </li>
          ))}
          {troubled.map((s) => (
            <li key={`${s.source}-${s.service_config_id}`}>
              {s.source}
              {s.service_config_id !== null && ` #${s.service_config_id}`}:{' '}
              {s.stale ? 'stale' : s.state.replace('_', ' ')}
              {s.reason && ` (${s.reason})`}; last success <DateTime value={s.last_success_at} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
