import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { client } from '../../api/client';
import { refreshCandidates } from './bulk-actions';

const EVERY_MS = 3000;
const GIVE_UP_AFTER = 100; // five minutes: verification alone may take a minute per file

/**
 * Follows a queued manual delete or move until it ends, then says how it went and refreshes
 * the list (the candidates disappear only after verified success).
 */
export function followJob(jobId: number, queryClient: QueryClient): void {
  let polls = 0;
  const poll = async () => {
    polls += 1;
    const { data, error } = await client.GET('/api/jobs/{job_id}', {
      params: { path: { job_id: jobId } },
    });
    // A job we may not read (or that is gone) cannot be followed; the list refresh still shows it.
    if (error !== undefined) return;
    if (data && ['completed', 'failed', 'canceled'].includes(data.status)) {
      const ops = data.result && 'operations' in data.result ? data.result.operations : [];
      const failed = ops.filter((op) => op.status === 'failed');
      const message = `Job ${jobId} ${data.status}: ${ops.length - failed.length} of ${ops.length} done`;
      const reasons = failed.map(
        (op) => `#${op.candidate_id ?? '?'}: ${op.failure_reason ?? 'failed'}`,
      );
      if (data.status === 'completed' && failed.length === 0) toast.success(message);
      else
        toast.error(message, { description: [data.error, ...reasons].filter(Boolean).join('\n') });
      refreshCandidates(queryClient);
    } else if (polls < GIVE_UP_AFTER) setTimeout(() => void poll(), EVERY_MS);
  };
  setTimeout(() => void poll(), EVERY_MS);
}
