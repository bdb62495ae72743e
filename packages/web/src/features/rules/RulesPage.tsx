import { useMutation } from '@tanstack/react-query';
import { Download, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { api } from '../../api/client';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { useSearchState } from '../../ui/useSearchState';
import { ImportRules } from './ImportRules';
import { RuleChangeDialog } from './RuleChangeDialog';
import { downloadRules } from './ruleRequests';
import { RulesTable } from './RulesTable';
import { useRuleListActions } from './useRuleListActions';
import './rules.css';

/** The URL's value when it is one of `allowed`, else no filter. */
function oneOf<T extends string>(value: string, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => a === value);
}

const FILTERS = { media_type: '', outcome: '', enabled: '' };

/** /rules — every rule with what it does and holds; create, import, export, toggle, delete. */
export function RulesPage() {
  const [filters, setFilters] = useSearchState(FILTERS);
  const query = {
    media_type: oneOf(filters.media_type, ['movie', 'series'] as const),
    outcome: oneOf(filters.outcome, ['candidate', 'protect'] as const),
    enabled: filters.enabled === '' ? undefined : filters.enabled === 'true',
  };
  const rules = api.useQuery('get', '/api/rules', { params: { query } });
  const actions = useRuleListActions();
  const [selected, setSelected] = useState<number[]>([]);
  const filtered = Object.values(filters).some(Boolean);

  const exportRules = useMutation({
    mutationFn: () => downloadRules(selected),
    onSuccess: (count) => toast.success(`Exported ${count} ${count === 1 ? 'rule' : 'rules'}`),
  });

  const select = (
    <div className="toolbar rules-filters">
      <label className="inline-select">
        Media type
        <select
          value={filters.media_type}
          onChange={(e) => setFilters({ media_type: e.target.value })}
        >
          <option value="">All</option>
          <option value="movie">Movies</option>
          <option value="series">Series</option>
        </select>
      </label>
      <label className="inline-select">
        Outcome
        <select value={filters.outcome} onChange={(e) => setFilters({ outcome: e.target.value })}>
          <option value="">All</option>
          <option value="candidate">Candidate</option>
          <option value="protect">Protect</option>
        </select>
      </label>
      <label className="inline-select">
        Enabled
        <select value={filters.enabled} onChange={(e) => setFilters({ enabled: e.target.value })}>
          <option value="">All</option>
          <option value="true">Enabled</option>
          <option value="false">Disabled</option>
        </select>
      </label>
    </div>
  );

  return (
    <>
      <PageHeader
        title="Rules"
        count={rules.data?.items.length}
        actions={
          <>
            <ImportRules />
            <button
              type="button"
              className="button"
              disabled={exportRules.isPending}
              onClick={() => exportRules.mutate()}
            >
              <Download size={16} aria-hidden />{' '}
              {selected.length ? `Export selected (${selected.length})` : 'Export all'}
            </button>
            <Link className="button primary" to="/rules/new">
              <Plus size={16} aria-hidden /> New rule
            </Link>
          </>
        }
      />
      {select}
      <QueryState query={rules} rows={8}>
        {(data) => (
          <RulesTable
            rules={data.items}
            filtered={filtered}
            selected={selected}
            onSelect={setSelected}
            onToggle={actions.toggle}
            onDelete={(rule) => actions.setChange({ kind: 'delete', rule })}
            pending={actions.pending}
          />
        )}
      </QueryState>
      <RuleChangeDialog
        change={actions.change}
        pending={actions.pending}
        onClose={() => actions.setChange(null)}
        onConfirm={actions.confirm}
      />
    </>
  );
}
