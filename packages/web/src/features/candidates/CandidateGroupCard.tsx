import { useEffect, useRef, useState } from 'react';
import { formatBytes } from '../../ui/format';
import { CandidateRow } from './CandidateRow';
import { groupTitle, selectedOf, type CandidateGroup, type Selected } from './target';

/**
 * A series can have hundreds of episode candidates: a group shows its first rows and the rest on
 * demand, so a page of 25 groups stays a page to read (and renders in time, bench/web). The
 * header's count, size and "select all" always cover every candidate of the group.
 */
export const ROWS_SHOWN = 5;

export interface SelectionApi {
  has: (id: number) => boolean;
  toggle: (items: readonly Selected[], on: boolean) => void;
}

/** A movie or series with its candidates; admins can select them one by one or all at once. */
export function CandidateGroupCard({
  group,
  ruleNames,
  selection,
}: {
  group: CandidateGroup;
  ruleNames: ReadonlyMap<number, string>;
  selection: SelectionApi | null;
}) {
  const title = groupTitle(group);
  // Controls are named by the bare title ("Select Heat version 1080p"); the heading has the year.
  const name = group.title ?? 'Unknown media';
  const count = group.candidates.length;
  const chosen = selection ? group.candidates.filter((c) => selection.has(c.id)).length : 0;
  const all = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (all.current) all.current.indeterminate = chosen > 0 && chosen < count;
  }, [chosen, count]);
  const items = () => group.candidates.map((c) => selectedOf(group, c));
  const [expanded, setExpanded] = useState(false);
  const hidden = expanded ? 0 : Math.max(0, count - ROWS_SHOWN);
  const shown = hidden > 0 ? group.candidates.slice(0, ROWS_SHOWN) : group.candidates;
  return (
    <section className="card candidate-group" aria-label={title}>
      <header className="group-header">
        {selection && (
          <label className="check-target">
            <input
              ref={all}
              type="checkbox"
              className="candidate-check"
              aria-label={`Select all of ${name}`}
              checked={count > 0 && chosen === count}
              onChange={(e) => selection.toggle(items(), e.target.checked)}
            />
          </label>
        )}
        <h2 className="group-title">{title}</h2>
        <span className="badge">{group.media_type}</span>
        <span className="muted small">
          {count} {count === 1 ? 'candidate' : 'candidates'} ·{' '}
          {formatBytes(group.total_estimated_bytes)}
        </span>
      </header>
      <ul className="candidate-list">
        {shown.map((c) => (
          <CandidateRow
            key={c.id}
            title={name}
            candidate={c}
            ruleNames={ruleNames}
            selection={
              selection && {
                checked: selection.has(c.id),
                onToggle: () => selection.toggle([selectedOf(group, c)], !selection.has(c.id)),
              }
            }
          />
        ))}
      </ul>
      {hidden > 0 && (
        <button
          type="button"
          className="button show-all"
          aria-label={`Show ${hidden} more of ${name}`}
          onClick={() => setExpanded(true)}
        >
          Show {hidden} more
        </button>
      )}
    </section>
  );
}
