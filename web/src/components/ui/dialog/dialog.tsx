// Modal dialog on @radix-ui/react-dialog: focus trap, Escape to close, title and close control.
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import './dialog.css';

export type DialogSize = 'sm' | 'md' | 'lg' | 'xl';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  size?: DialogSize;
  /** While true, Escape, the overlay and the close control do not close it (e.g. while saving). */
  locked?: boolean;
  children: ReactNode;
}

export function Dialog({ open, onOpenChange, title, size = 'md', locked = false, children }: DialogProps) {
  const guardEscape = (event: Event) => {
    if (locked) event.preventDefault();
  };
  // Dismissing a toast (e.g. a save error) must not close the dialog and lose what was typed.
  const guardOutside = (event: Event) => {
    const onToast = event.target instanceof Element && event.target.closest('.toaster') !== null;
    if (locked || onToast) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (locked && !next ? undefined : onOpenChange(next))}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={`dialog dialog-${size}`}
          aria-describedby={undefined}
          onEscapeKeyDown={guardEscape}
          onInteractOutside={guardOutside}
        >
          <header className="dialog-header">
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="dialog-close" aria-label="Close" disabled={locked}>
              ×
            </RadixDialog.Close>
          </header>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
