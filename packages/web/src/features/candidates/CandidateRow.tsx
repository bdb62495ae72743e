import { useState } from 'react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { DateTime } from '../../ui/DateTime';
import { formatBytes } from '../../ui/format';
import { StateBadge } from '../../ui/StateBadge';
import { CandidateReasons } from './CandidateReasons';
import { BLOCKER_LABELS, targetLabel, type CandidateView } from './target';

/** One candidate: target, state, size, deadline, blockers, and on demand why it is one. */
export function CandidateRow({
  title,
  candidate: c,
  ruleNames,
  selection,
}: {
  title: string;
  candidate: CandidateView;
  ruleNames: ReadonlyMap<number, string>;
  selection: { checked: boolean; onToggle: () => void } | null;
}) {
  const [why, setWhy] = useState(false);
  const target = targetLabel(c);
  const op = c.operation;
  return (
    <li className="candidate">
      <div className="candidate-main">
        {selection && (
          <label className="check-target">
            <input
              type="checkbox"
              className="candidate-check"
              aria-label={`Select ${title} ${target}`}
              checked={selection.checked}
              onChange={selection.onToggle}
            />
          </label>
        )}
        <span className="candidate-target">{target}</span>
        <StateBadge state={c.auto_delete_state} />
        <span className="candidate-size num" title="Estimated space">
          {formatBytes(c.estimated_space_bytes)}
        </span>
        <span className="candidate-deadline">
          <span className="muted small">Deadline </span>
          <DateTime value={c.auto_delete_eligible_at} relative />
        </span>
        <span className="candidate-blockers">
          {c.blockers.map((b) => (
            <span key={b} className="badge state-protected">
              {BLOCKER_LABELS[b]}
            </span>
          ))}
          {op && (op.status === 'queued' || op.status === 'running') && (
            <span className="badge state-pending">
              {op.kind.replace(/_/g, ' ')} {op.status}
            </span>
          )}
          {c.failure_count > 0 && (
            <span className="badge state-failed" title={c.last_failure_reason ?? undefined}>
              failed {c.failure_count}×
            </span>
          )}
        </span>
        <button
          type="button"
          className="button why-button"
          aria-expanded={why}
          aria-label={`Why ${title} ${target}`}
          onClick={() => setWhy(!why)}
        >
          {why ? <ChevronDown aria-hidden size={16} /> : <ChevronRight aria-hidden size={16} />}
          Why
        </button>
      </div>
      {c.lifecycle_reason && (
        <p className="muted small candidate-note">Note: {c.lifecycle_reason}</p>
      )}
      {why && (
        <div className="candidate-why">
          <CandidateReasons
            ruleIds={c.matched_rule_ids}
            // Until cleanup sends the CandidateView fields, an older answer lacks them.
            criteria={c.matched_criteria ?? {}}
            ruleNames={ruleNames}
            reason={c.reason}
          />
        </div>
      )}
    </li>
  );
}
