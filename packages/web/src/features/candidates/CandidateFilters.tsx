import { useEffect, useState } from 'react';
import type { Schemas } from '../../api/client';

import type { FilterValues } from './list-query';

const STATES = ['scheduled', 'eligible', 'postponed', 'canceled', 'disabled'];
const SORTS = [
  ['created_at', 'Newest match'],
  ['auto_delete_eligible_at', 'Deadline'],
  ['title', 'Title'],
  ['size', 'Size'],
] as const;

/** The list's filters; every one lives in the URL. The title search applies as you pause. */
export function CandidateFilters({
  values,
  set,
  rules,
}: {
  values: FilterValues;
  set: (changes: Partial<FilterValues>) => void;
  rules: Schemas['CandidateRuleList']['items'];
}) {
  const [search, setSearch] = useState(values.search);
  useEffect(() => {
    if (search === values.search) return;
    const timer = setTimeout(() => set({ search }), 300);
    return () => clearTimeout(timer);
  }, [search, values.search, set]);

  return (
    <div className="toolbar candidate-filters" role="search">
      <label className="filter">
        <span>Title</span>
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      <label className="filter">
        <span>Media type</span>
        <select value={values.media_type} onChange={(e) => set({ media_type: e.target.value })}>
          <option value="">All</option>
          <option value="movie">Movies</option>
          <option value="series">Series</option>
        </select>
      </label>
      <label className="filter">
        <span>State</span>
        <select
          value={values.auto_delete_state}
          onChange={(e) => set({ auto_delete_state: e.target.value })}
        >
          <option value="">All</option>
          {STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>Rule</span>
        <select value={values.rule_id} onChange={(e) => set({ rule_id: e.target.value })}>
          <option value="">All rules</option>
          {rules.map((r) => (
            <option key={r.id} value={String(r.id)}>
              {r.name} ({r.candidate_count.toLocaleString()}){r.enabled ? '' : ' — disabled'}
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>Blockers</span>
        <select value={values.blocked} onChange={(e) => set({ blocked: e.target.value })}>
          <option value="">Any</option>
          <option value="true">Blocked</option>
          <option value="false">Not blocked</option>
        </select>
      </label>
      <label className="filter">
        <span>Sort by</span>
        <select value={values.sort_by} onChange={(e) => set({ sort_by: e.target.value })}>
          {SORTS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>Order</span>
        <select value={values.sort_order} onChange={(e) => set({ sort_order: e.target.value })}>
          <option value="desc">Descending</option>
          <option value="asc">Ascending</option>
        </select>
      </label>
    </div>
  );
}
