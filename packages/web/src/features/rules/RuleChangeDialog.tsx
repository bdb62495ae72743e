import { ConfirmDialog } from '../../ui/Dialog';
import { formatNumber } from '../../ui/format';
import type { RuleView } from './model';

export type RuleChange = { kind: 'delete' | 'disable'; rule: RuleView };

/** Deleting or disabling a rule removes what it alone holds at once: said before it happens. */
export function RuleChangeDialog({
  change,
  pending,
  onClose,
  onConfirm,
}: {
  change: RuleChange | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (change: RuleChange) => void;
}) {
  if (!change) return null;
  const { rule, kind } = change;
  const verb = kind === 'delete' ? 'Delete' : 'Disable';
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${verb} rule “${rule.name}”?`}
      confirmLabel={`${verb} rule`}
      pending={pending}
      onConfirm={() => onConfirm(change)}
    >
      <p>
        {kind === 'delete' ? 'The rule is deleted. ' : 'The rule stops selecting anything. '}
        Its {formatNumber(rule.protection_count)} rule protections are removed, and of its{' '}
        {formatNumber(rule.candidate_count)} candidates, those that no other enabled rule holds are
        removed — at once.
      </p>
      {kind === 'delete' && <p>This cannot be undone; export the rule first to keep a copy.</p>}
    </ConfirmDialog>
  );
}
