import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LookupKind } from './fields';
import type { MediaType } from './model';
import { useRuleServices } from './services';

/** A value that follows `value` once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Choices for a value picker from its lookup route, searched as the user types. */
export function useLookup(kind: LookupKind | undefined, search: string, mediaType: MediaType) {
  const services = useRuleServices();
  const term = useDebounced(search);
  return useQuery({
    queryKey: ['rules-lookup', kind, term, mediaType],
    queryFn: () => (kind ? services.lookup(kind, term, mediaType) : Promise.resolve([])),
    enabled: kind !== undefined,
    staleTime: 60_000,
    // The choices stay while the next search loads: no flicker, no row jumping under the pointer.
    placeholderData: keepPreviousData,
  });
}
