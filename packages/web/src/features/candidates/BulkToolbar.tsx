import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { client } from '../../api/client';
import { ConfirmDialog } from '../../ui/Dialog';
import { formatBytes } from '../../ui/format';
import { reportBulk, runEach } from './bulk-actions';
import { ManualOperationDialog } from './ManualOperationDialog';
import { PostponeDialog } from './PostponeDialog';
import { ProtectDialog } from './ProtectDialog';
import type { Selected } from './target';

type Open = 'postpone' | 'protect' | 'cancel' | 'delete' | 'move' | null;

/** The administrator's actions on the selected candidates; each opens its dialog first. */
export function BulkToolbar({
  items,
  onClear,
}: {
  items: readonly Selected[];
  onClear: () => void;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  const [pending, setPending] = useState(false);
  const none = items.length === 0;
  const bytes = items.reduce((sum, i) => sum + (i.candidate.estimated_space_bytes ?? 0), 0);
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };

  async function cancelAll() {
    setPending(true);
    const result = await runEach(items, ({ candidate }) =>
      client.POST('/api/media/candidates/{candidate_id}/cancel', {
        params: { path: { candidate_id: candidate.id } },
        body: {},
      }),
    );
    setPending(false);
    setOpen(null);
    reportBulk(queryClient, 'Canceled', result);
    if (result.failures.length === 0) onClear();
  }

  return (
    <div className="toolbar bulk-toolbar" role="toolbar" aria-label="Selected candidates">
      <span className="bulk-count" aria-live="polite">
        {none ? 'None selected' : `${items.length} selected · ${formatBytes(bytes)}`}
      </span>
      <button type="button" className="button" disabled={none} onClick={() => setOpen('postpone')}>
        Postpone selected
      </button>
      <button type="button" className="button" disabled={none} onClick={() => setOpen('protect')}>
        Protect selected
      </button>
      <button type="button" className="button" disabled={none} onClick={() => setOpen('cancel')}>
        Cancel selected
      </button>
      <button type="button" className="button" disabled={none} onClick={() => setOpen('move')}>
        Move selected
      </button>
      <button
        type="button"
        className="button danger"
        disabled={none}
        onClick={() => setOpen('delete')}
      >
        Delete selected
      </button>
      {!none && (
        <button type="button" className="button" onClick={onClear}>
          Clear selection
        </button>
      )}
      {open === 'postpone' && (
        <PostponeDialog items={items} open onOpenChange={close} onDone={onClear} />
      )}
      {open === 'protect' && (
        <ProtectDialog items={items} open onOpenChange={close} onDone={onClear} />
      )}
      {(open === 'delete' || open === 'move') && (
        <ManualOperationDialog
          kind={open}
          items={items}
          open
          onOpenChange={close}
          onDone={onClear}
        />
      )}
      <ConfirmDialog
        open={open === 'cancel'}
        onOpenChange={close}
        title={`Cancel automatic deletion of ${items.length} ${items.length === 1 ? 'candidate' : 'candidates'}?`}
        confirmLabel="Cancel automatic deletion"
        pending={pending}
        onConfirm={() => void cancelAll()}
      >
        <p>
          Automatic deletion stops for these {items.length} candidates; an administrator can still
          delete them by hand.
        </p>
        <ul className="summary-lines">
          {items.map((i) => (
            <li key={i.candidate.id}>
              {i.title} — {i.target}
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </div>
  );
}
