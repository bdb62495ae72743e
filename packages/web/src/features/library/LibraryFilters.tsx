import { Search } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';

export interface LibraryFilterValues {
  search: string;
  media_type: string;
  include_removed: string;
}

/** Title search (sent on Enter or the button), media type and removed items. */
export function LibraryFilters({
  values,
  onChange,
}: {
  values: LibraryFilterValues;
  onChange: (changes: Partial<LibraryFilterValues>) => void;
}) {
  const [search, setSearch] = useState(values.search);
  // The URL wins when it changes by itself (back button, a shared link).
  useEffect(() => setSearch(values.search), [values.search]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ search: search.trim() });
  };
  return (
    <div className="toolbar">
      <form role="search" className="library-search" onSubmit={submit}>
        <input
          type="search"
          aria-label="Search titles"
          placeholder="Search titles"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <button type="submit" className="button" aria-label="Search">
          <Search aria-hidden size={16} />
        </button>
      </form>
      <select
        aria-label="Media type"
        value={values.media_type}
        onChange={(e) => onChange({ media_type: e.target.value })}
      >
        <option value="">Movies and series</option>
        <option value="movie">Movies</option>
        <option value="series">Series</option>
      </select>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={values.include_removed === 'true'}
          onChange={(e) => onChange({ include_removed: e.target.checked ? 'true' : '' })}
        />
        Include removed items
      </label>
    </div>
  );
}
