import { useQuery } from '@tanstack/react-query';
import { formatBytes, formatNumber } from '../../ui/format';
import { displayValue, type MediaType } from './model';
import { useRuleServices } from './services';
import { useDebounced } from './useLookup';

/** What each chosen path prefix holds now (validate-paths), or why it is not valid. */
export function PathChecks({ value, mediaType }: { value: unknown; mediaType: MediaType }) {
  const services = useRuleServices();
  const paths = useDebounced(Array.isArray(value) ? value.map(displayValue).filter(Boolean) : []);
  const checks = useQuery({
    queryKey: ['rules-validate-paths', paths, mediaType],
    queryFn: () => services.validatePaths(paths, mediaType),
    enabled: paths.length > 0,
    staleTime: 60_000,
  });
  if (!checks.data?.length) return null;
  return (
    <ul className="path-checks small" aria-label="Path check">
      {checks.data.map((c) => (
        <li key={c.path} className={c.valid ? 'muted' : 'field-error'}>
          {c.path}:{' '}
          {c.valid ? `${formatNumber(c.item_count)} files, ${formatBytes(c.size_bytes)}` : c.error}
        </li>
      ))}
    </ul>
  );
}
