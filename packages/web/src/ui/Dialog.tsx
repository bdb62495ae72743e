import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

/** A modal dialog (React Aria: focus trapped and restored, Escape closes). */
export function AppDialog({
  open,
  onOpenChange,
  title,
  children,
  role = 'dialog',
  wide = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  wide?: boolean;
}) {
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={open}
      onOpenChange={onOpenChange}
      isDismissable={role === 'dialog'}
    >
      <Modal className={wide ? 'modal modal-wide' : 'modal'}>
        <Dialog role={role} className="dialog">
          <Heading slot="title" className="dialog-title">
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * The one confirmation every destructive or irreversible action goes through: it names
 * exactly what will happen, focus starts on Cancel (Enter never confirms by accident), and
 * only the explicit button confirms.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  pending = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
}) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={title} role="alertdialog">
      <div className="dialog-body">{children}</div>
      <div className="dialog-actions">
        <Button className="button" autoFocus onPress={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button className="button danger" isDisabled={pending} onPress={onConfirm}>
          {pending ? 'Working…' : confirmLabel}
        </Button>
      </div>
    </AppDialog>
  );
}
