import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { asProblem, type Problem } from '../../api/problem';
import type { Selected } from './target';

export interface Failure {
  item: Selected;
  problem: Problem;
}

/**
 * Runs one call per selected candidate, one after another (the server serialises them on the
 * candidate workflow lock anyway), and collects each failure with its problem.
 */
export async function runEach(
  items: readonly Selected[],
  call: (item: Selected) => Promise<{ error?: unknown }>,
): Promise<{ done: number; failures: Failure[] }> {
  const failures: Failure[] = [];
  let done = 0;
  for (const item of items) {
    try {
      const { error } = await call(item);
      if (error === undefined) done += 1;
      else failures.push({ item, problem: asProblem(error) });
    } catch (error) {
      failures.push({ item, problem: asProblem(error) });
    }
  }
  return { done, failures };
}

/** Says what succeeded and which candidates failed and why, then refreshes the list and badges. */
export function reportBulk(
  queryClient: QueryClient,
  verb: string,
  { done, failures }: { done: number; failures: Failure[] },
): void {
  if (done > 0) toast.success(`${verb} ${done} ${done === 1 ? 'candidate' : 'candidates'}`);
  if (failures.length > 0)
    toast.error(`${failures.length} could not be ${verb.toLowerCase()}`, {
      description: failures.map(failureText).join('\n'),
    });
  refreshCandidates(queryClient);
}

export function failureText({ item, problem }: Failure): string {
  return `${item.title} ${item.target}: ${problem.detail}`;
}

export function refreshCandidates(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['get', '/api/media/candidates'] });
  void queryClient.invalidateQueries({ queryKey: ['get', '/api/media/candidates/rules'] });
  void queryClient.invalidateQueries({ queryKey: ['get', '/api/info/sidebar-indicators'] });
}
