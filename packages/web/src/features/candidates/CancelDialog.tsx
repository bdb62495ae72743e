import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { client } from '../../api/client';
import { ConfirmDialog } from '../../ui/Dialog';
import { reportBulk, runEach } from './bulk-actions';
import type { Selected } from './target';

/** Cancels automatic deletion of every selected candidate, after naming how many and which. */
export function CancelDialog({
  items,
  open,
  onOpenChange,
  onDone,
}: {
  items: readonly Selected[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const noun = items.length === 1 ? 'candidate' : 'candidates';

  async function cancelAll() {
    setPending(true);
    const result = await runEach(items, ({ candidate }) =>
      client.POST('/api/media/candidates/{candidate_id}/cancel', {
        params: { path: { candidate_id: candidate.id } },
        body: {},
      }),
    );
    setPending(false);
    onOpenChange(false);
    reportBulk(queryClient, 'Canceled', result);
    if (result.failures.length === 0) onDone();
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Cancel automatic deletion of ${items.length} ${noun}?`}
      confirmLabel="Cancel automatic deletion"
      pending={pending}
      onConfirm={() => void cancelAll()}
    >
      <p>
        Automatic deletion stops for these {items.length} {noun}; an administrator can still delete
        them by hand.
      </p>
      <ul className="summary-lines">
        {items.map((i) => (
          <li key={i.candidate.id}>
            {i.title} — {i.target}
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
