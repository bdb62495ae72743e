import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import type { LookupKind } from './fields';
import type { MediaType } from './model';
import type { LookupOption } from './services';
import { useLookup } from './useLookup';

type Item = string | number;

/**
 * A list value: chosen items as removable chips, a search box labelled "Value" and the
 * matching choices (from the lookup route or the field's enum). Free text is added with
 * Enter where the field takes any string (tags, paths, titles).
 */
export function MultiValuePicker({
  id,
  value,
  onChange,
  lookup,
  options: fixed,
  freeText,
  numeric,
  mediaType,
  describedBy,
  invalid,
}: {
  id: string;
  value: unknown;
  onChange: (value: Item[]) => void;
  lookup?: LookupKind;
  options?: LookupOption[];
  freeText: boolean;
  numeric: boolean;
  mediaType: MediaType;
  describedBy?: string;
  invalid: boolean;
}) {
  const [search, setSearch] = useState('');
  const chosen: Item[] = Array.isArray(value)
    ? value.filter((v): v is Item => typeof v === 'string' || typeof v === 'number')
    : [];
  const looked = useLookup(lookup, search, mediaType);
  const needle = search.toLowerCase();
  const options = (fixed ?? looked.data ?? [])
    .filter((o) => !chosen.includes(o.value))
    .filter((o) => !fixed || o.label.toLowerCase().includes(needle))
    .slice(0, 12);
  const labelOf = (item: Item) =>
    (fixed ?? looked.data ?? []).find((o) => o.value === item)?.label ?? String(item);

  const add = (item: Item) => {
    if (!chosen.includes(item)) onChange([...chosen, item]);
    setSearch('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const text = search.trim();
    if (!text) return;
    if (freeText) add(numeric && Number.isFinite(Number(text)) ? Number(text) : text);
    else if (options[0]) add(options[0].value);
  };

  return (
    <div className="multi-picker">
      {chosen.length > 0 && (
        <ul className="chips" aria-label="Chosen values">
          {chosen.map((item) => (
            <li key={String(item)} className="chip">
              {labelOf(item)}
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove ${labelOf(item)}`}
                onClick={() => onChange(chosen.filter((c) => c !== item))}
              >
                <X size={14} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="search"
        value={search}
        placeholder={freeText ? 'Type and press Enter' : 'Search'}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {options.length > 0 && (
        <ul className="suggestions" aria-label="Suggestions">
          {options.map((o) => (
            <li key={String(o.value)}>
              <button type="button" className="suggestion" onClick={() => add(o.value)}>
                {o.label}
                {o.detail && <span className="muted small"> · {o.detail}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
