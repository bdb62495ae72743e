import { Link } from 'react-router';
import type { Schemas } from '../../api/client';
import { DateTime } from '../../ui/DateTime';
import { createdBy, versionDetails } from './entry-format';
import { scopeLabel, targetName, titleWithYear } from './target';

type Entry = Schemas['ProtectedEntry'];

function Source({ entry }: { entry: Entry }) {
  if (entry.source === 'rule')
    return (
      <>
        <span className="badge state-protected">rule</span>{' '}
        <span>{entry.source_rule_name ?? `Rule #${entry.source_rule_id ?? '?'}`}</span>
      </>
    );
  return (
    <>
      <span className="badge">{entry.source}</span>
      {entry.request_id !== null && (
        <span className="muted small block">from request #{entry.request_id}</span>
      )}
    </>
  );
}

/** One protection in force: target, source, who, why, until when, and the admin actions. */
export function ProtectionRow({
  entry,
  isAdmin,
  onChangeDuration,
  onRemove,
}: {
  entry: Entry;
  isAdmin: boolean;
  onChangeDuration: () => void;
  onRemove: () => void;
}) {
  const version = versionDetails(entry);
  const name = targetName(entry);
  return (
    <tr>
      <td className="target-cell">
        <Link to={`/library/${entry.media_type}/${entry.media_id}`}>{titleWithYear(entry)}</Link>
        <span className="muted small block">
          {entry.media_type === 'movie' ? 'Movie' : 'Series'} · {scopeLabel(entry)}
        </span>
        {version && <span className="small block">{version}</span>}
      </td>
      <td>
        <Source entry={entry} />
      </td>
      <td>{createdBy(entry)}</td>
      <td className="reason-cell">{entry.reason ?? <span className="muted">—</span>}</td>
      <td>
        {entry.permanent ? (
          <span className="badge state-protected">permanent</span>
        ) : (
          <DateTime value={entry.expires_at} relative />
        )}
      </td>
      {isAdmin && (
        <td>
          {entry.source === 'rule' ? (
            <p className="muted small managed-note">
              Managed by its rule: change the rule to change or end this protection.
            </p>
          ) : (
            <div className="row-actions">
              <button
                type="button"
                className="button"
                aria-label={`Change duration of ${name}`}
                onClick={onChangeDuration}
              >
                Change duration
              </button>
              <button
                type="button"
                className="button"
                aria-label={`Remove protection of ${name}`}
                onClick={onRemove}
              >
                Remove
              </button>
            </div>
          )}
        </td>
      )}
    </tr>
  );
}
