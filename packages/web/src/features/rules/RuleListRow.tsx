import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { DateTime } from '../../ui/DateTime';
import { formatNumber } from '../../ui/format';
import { SCOPE_LABEL, type RuleView } from './model';

/** One rule in the list: what it selects, what it does, what it holds now. */
export function RuleListRow({
  rule,
  selected,
  onSelect,
  onToggle,
  onDelete,
  pending,
}: {
  rule: RuleView;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onToggle: () => void;
  onDelete: () => void;
  pending: boolean;
}) {
  const protect = rule.action.outcome === 'protect';
  return (
    <tr>
      <td>
        <input
          type="checkbox"
          aria-label={`Select ${rule.name}`}
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
        />
      </td>
      <td>
        <Link to={`/rules/${rule.id}`}>{rule.name}</Link>
        {rule.description && <div className="muted small">{rule.description}</div>}
      </td>
      <td>{rule.media_type === 'movie' ? 'Movies' : 'Series'}</td>
      <td>{SCOPE_LABEL[rule.target_scope]}</td>
      <td>
        <span className={`badge ${protect ? 'state-protected' : 'state-eligible'}`}>
          {protect ? 'Protect' : 'Candidate'}
        </span>
        {!protect && rule.action.auto_delete_enabled && (
          <div className="muted small">auto-delete</div>
        )}
      </td>
      <td>
        <label className="inline-check">
          <input
            type="checkbox"
            role="switch"
            checked={rule.enabled}
            disabled={pending}
            aria-label={`Enabled: ${rule.name}`}
            onChange={onToggle}
          />
          {rule.enabled ? 'On' : 'Off'}
        </label>
      </td>
      <td className="num">
        {protect
          ? `${formatNumber(rule.protection_count)} protected`
          : `${formatNumber(rule.candidate_count)} candidates`}
      </td>
      <td>
        <DateTime value={rule.updated_at} />
      </td>
      <td>
        <button
          type="button"
          className="icon-button"
          aria-label={`Delete ${rule.name}`}
          onClick={onDelete}
        >
          <Trash2 size={16} aria-hidden />
        </button>
      </td>
    </tr>
  );
}
