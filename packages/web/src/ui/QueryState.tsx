import type { ReactNode } from 'react';
import { ProblemMessage } from './ProblemMessage';
import { Skeleton } from './Skeleton';

interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

/**
 * Loading, error and loaded states of one query: a skeleton of the final size while loading,
 * the problem with a retry on error, then `children` with the data.
 */
export function QueryState<T>({
  query,
  rows,
  rowHeight,
  children,
}: {
  query: QueryLike<T>;
  rows?: number;
  rowHeight?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton rows={rows} height={rowHeight} />;
  if (query.data === undefined)
    return <ProblemMessage error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
