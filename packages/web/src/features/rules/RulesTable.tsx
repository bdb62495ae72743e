import { Link } from 'react-router';
import { EmptyState } from '../../ui/EmptyState';
import type { RuleView } from './model';
import { RuleListRow } from './RuleListRow';

export function RulesTable({
  rules,
  filtered,
  selected,
  onSelect,
  onToggle,
  onDelete,
  pending,
}: {
  rules: RuleView[];
  filtered: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onToggle: (rule: RuleView) => void;
  onDelete: (rule: RuleView) => void;
  pending: boolean;
}) {
  if (rules.length === 0)
    return filtered ? (
      <EmptyState title="No rule matches these filters">
        Clear a filter to see more rules.
      </EmptyState>
    ) : (
      <EmptyState title="No rules yet">
        Create one with <Link to="/rules/new">New rule</Link>, or import an mcs-rules file.
      </EmptyState>
    );
  const allSelected = rules.every((r) => selected.includes(r.id));
  return (
    <div className="table-scroll">
      <table className="list">
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                aria-label="Select all rules"
                checked={allSelected}
                onChange={(e) => onSelect(e.target.checked ? rules.map((r) => r.id) : [])}
              />
            </th>
            <th scope="col">Name</th>
            <th scope="col">Media type</th>
            <th scope="col">Scope</th>
            <th scope="col">Outcome</th>
            <th scope="col">Enabled</th>
            <th scope="col">Holds</th>
            <th scope="col">Updated</th>
            <th scope="col">
              <span className="rules-file-input">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule) => (
            <RuleListRow
              key={rule.id}
              rule={rule}
              selected={selected.includes(rule.id)}
              onSelect={(on) =>
                onSelect(on ? [...selected, rule.id] : selected.filter((id) => id !== rule.id))
              }
              onToggle={() => onToggle(rule)}
              onDelete={() => onDelete(rule)}
              pending={pending}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
