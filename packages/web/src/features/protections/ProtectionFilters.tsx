import { useEffect, useState } from 'react';
import { MEDIA_TYPES, SCOPES, SOURCES } from './entry-format';

export interface Filters {
  media_type: string;
  scope: string;
  source: string;
  search: string;
}

const SCOPE_LABEL: Record<string, string> = {
  movie: 'Whole movie',
  version: 'Movie version',
  series: 'Whole series',
  season: 'Season',
  episode: 'Episode',
};

/** Media type, scope, source and a title search (applied after a short pause in typing). */
export function ProtectionFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (changes: Partial<Filters>) => void;
}) {
  const [search, setSearch] = useState(filters.search);
  useEffect(() => setSearch(filters.search), [filters.search]);
  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => onChange({ search: search.trim() }), 350);
    return () => clearTimeout(timer);
  }, [search, filters.search, onChange]);

  return (
    <div className="toolbar filters" role="search" aria-label="Filter protections">
      <label className="inline-filter grow">
        <span>Title</span>
        <input
          type="search"
          value={search}
          placeholder="Search by title"
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && onChange({ search: search.trim() })}
        />
      </label>
      <label className="inline-filter">
        <span>Media type</span>
        <select
          value={filters.media_type}
          onChange={(e) => onChange({ media_type: e.target.value })}
        >
          <option value="">Movies and series</option>
          {MEDIA_TYPES.map((t) => (
            <option key={t} value={t}>
              {t === 'movie' ? 'Movies' : 'Series'}
            </option>
          ))}
        </select>
      </label>
      <label className="inline-filter">
        <span>Scope</span>
        <select value={filters.scope} onChange={(e) => onChange({ scope: e.target.value })}>
          <option value="">Any scope</option>
          {SCOPES.map((s) => (
            <option key={s} value={s}>
              {SCOPE_LABEL[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="inline-filter">
        <span>Source</span>
        <select value={filters.source} onChange={(e) => onChange({ source: e.target.value })}>
          <option value="">Any source</option>
          {SOURCES.map((s) => (
            <option key={s} value={s}>
              {s === 'api' ? 'API' : s === 'rule' ? 'Rule' : 'Manual'}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
