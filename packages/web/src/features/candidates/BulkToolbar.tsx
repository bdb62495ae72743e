import { lazy, Suspense, useState } from 'react';
import { formatBytes } from '../../ui/format';
import type { Selected } from './target';

// The dialogs (and React Aria's modal) load when an administrator first opens one, so the
// list itself stays a small chunk.
const PostponeDialog = lazy(() =>
  import('./PostponeDialog').then((m) => ({ default: m.PostponeDialog })),
);
const ProtectDialog = lazy(() =>
  import('./ProtectDialog').then((m) => ({ default: m.ProtectDialog })),
);
const CancelDialog = lazy(() =>
  import('./CancelDialog').then((m) => ({ default: m.CancelDialog })),
);
const ManualOperationDialog = lazy(() =>
  import('./ManualOperationDialog').then((m) => ({ default: m.ManualOperationDialog })),
);

type Open = 'postpone' | 'protect' | 'cancel' | 'delete' | 'move' | null;

const ACTIONS: { open: Exclude<Open, null>; label: string; danger?: boolean }[] = [
  { open: 'postpone', label: 'Postpone selected' },
  { open: 'protect', label: 'Protect selected' },
  { open: 'cancel', label: 'Cancel selected' },
  { open: 'move', label: 'Move selected' },
  { open: 'delete', label: 'Delete selected', danger: true },
];

/** The administrator's actions on the selected candidates; each opens its dialog first. */
export function BulkToolbar({
  items,
  onClear,
}: {
  items: readonly Selected[];
  onClear: () => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const none = items.length === 0;
  const bytes = items.reduce((sum, i) => sum + (i.candidate.estimated_space_bytes ?? 0), 0);
  const dialog = {
    items,
    open: true,
    onOpenChange: (next: boolean) => {
      if (!next) setOpen(null);
    },
    onDone: onClear,
  };

  return (
    <div className="toolbar bulk-toolbar" role="toolbar" aria-label="Selected candidates">
      <span className="bulk-count" aria-live="polite">
        {none ? 'None selected' : `${items.length} selected · ${formatBytes(bytes)}`}
      </span>
      {ACTIONS.map((action) => (
        <button
          key={action.open}
          type="button"
          className={action.danger ? 'button danger' : 'button'}
          disabled={none}
          onClick={() => setOpen(action.open)}
        >
          {action.label}
        </button>
      ))}
      {!none && (
        <button type="button" className="button" onClick={onClear}>
          Clear selection
        </button>
      )}
      <Suspense fallback={null}>
        {open === 'postpone' && <PostponeDialog {...dialog} />}
        {open === 'protect' && <ProtectDialog {...dialog} />}
        {open === 'cancel' && <CancelDialog {...dialog} />}
        {(open === 'delete' || open === 'move') && (
          <ManualOperationDialog kind={open} {...dialog} />
        )}
      </Suspense>
    </div>
  );
}
