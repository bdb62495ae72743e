import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's page, sort and filters kept in the URL: shareable and back-button safe. Setting a
 * filter goes back to page 1; an empty value removes the parameter.
 */
export function useSearchState<K extends string>(defaults: Record<K, string>) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(
    Object.entries<string>(defaults).map(([key, fallback]) => [key, params.get(key) ?? fallback]),
  ) as Record<K, string>;
  const set = useCallback(
    (changes: Partial<Record<K, string>>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries<string | undefined>(changes)) {
          if (value === undefined || value === '' || value === defaults[key as K]) next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      }),
    [setParams, defaults],
  );
  return [values, set] as const;
}
