import type { ReactNode } from 'react';
import { Button, Dialog } from '../../kit/index.ts';

/** A small dialog of the activation feature: its words, a dismiss button and one main action (activation and access modals). */
export function ActionDialog({
  title,
  body,
  dismissLabel,
  onClose,
  action,
  children,
}: {
  title: string;
  body: string;
  dismissLabel: string;
  onClose: () => void;
  action: { label: string; onClick: () => void; disabled?: boolean };
  children?: ReactNode;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={body}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {dismissLabel}
          </Button>
          <Button onClick={action.onClick} disabled={action.disabled}>
            {action.label}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
