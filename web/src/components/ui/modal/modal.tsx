// Modal on @radix-ui/react-dialog (SPEC 2.5): stacked 10 px per level from 35 px, movable by its header,
// minimisable to a bar at the bottom, Escape closes when configured; sizes sm..fullscreen.
import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type CSSProperties, type PointerEvent, type ReactNode } from 'react';
import { MODAL } from '@dealer/contracts';
import { useScreen } from '../../../lib/screen/screen-context';
import { closeModal, getStack, openModal, placementOf, setMinimized, stackOffsetPx, subscribeStack } from './modal-stack';
import './modal.css';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl' | 'fullscreen';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  size?: ModalSize;
  /** While true, Escape and the close control do not close it (e.g. while saving). */
  locked?: boolean;
  /** SPEC 2.5: Escape closes the modal when configured (the default). */
  closeOnEscape?: boolean;
  movable?: boolean;
  minimizable?: boolean;
  /** 'alertdialog' for confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}

interface Offset {
  x: number;
  y: number;
}

/** Keeps at least this much of a dragged modal's header on screen, so it can always be dragged back. */
const KEEP_VISIBLE_PX = 96;
const HEADER_PX = 48;

function MinimizeIcon({ minimized }: { minimized: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
      {minimized ? (
        <rect x="2" y="2" width="10" height="10" rx="1" fill="none" stroke="currentColor" strokeWidth="1.6" />
      ) : (
        <path d="M2 11h10" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      )}
    </svg>
  );
}

function useStackPlacement(id: string, open: boolean) {
  const stack = useSyncExternalStore(subscribeStack, getStack, getStack);
  useEffect(() => {
    if (!open) return;
    openModal(id);
    return () => closeModal(id);
  }, [id, open]);
  return placementOf(stack, id);
}

export function Modal({
  open,
  onOpenChange,
  title,
  size = 'md',
  locked = false,
  closeOnEscape = true,
  movable = true,
  minimizable = true,
  role = 'dialog',
  children,
}: ModalProps) {
  const id = useId();
  const { level, dockIndex, minimized } = useStackPlacement(id, open);
  const { width } = useScreen();
  const narrow = width <= MODAL.mobileWidthPx;
  const canMove = movable && !narrow && size !== 'fullscreen' && !minimized;
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const drag = useRef<{ pointerX: number; pointerY: number; start: Offset; rect: DOMRect } | null>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A reopened modal starts where modals start: in its stack slot, not minimised.
  useEffect(() => {
    if (open) setOffset({ x: 0, y: 0 });
  }, [open]);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (!canMove || event.button !== 0 || (event.target as Element).closest('button')) return;
    const rect = contentRef.current?.getBoundingClientRect();
    if (!rect) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerX: event.clientX, pointerY: event.clientY, start: offset, rect };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = Math.min(
      Math.max(event.clientX - d.pointerX, KEEP_VISIBLE_PX - d.rect.right),
      window.innerWidth - KEEP_VISIBLE_PX - d.rect.left,
    );
    const dy = Math.min(Math.max(event.clientY - d.pointerY, -d.rect.top), window.innerHeight - HEADER_PX - d.rect.top);
    setOffset({ x: d.start.x + dx, y: d.start.y + dy });
  };
  const endDrag = () => {
    drag.current = null;
  };

  const toggleMinimized = () => {
    setMinimized(id, !minimized);
    // The toggle re-renders in the bar or the header; keep the keyboard on it.
    requestAnimationFrame(() => toggleRef.current?.focus());
  };

  const { top, shift } = stackOffsetPx(level);
  const style = {
    '--modal-top': `${top}px`,
    '--modal-shift': `${shift + offset.x}px`,
    '--modal-dy': `${offset.y}px`,
    '--modal-dock': dockIndex,
    zIndex: 901 + level * 2,
  } as CSSProperties;
  const classes = ['modal', `modal-${size}`, minimized && 'is-minimized', canMove && 'is-movable'].filter(Boolean).join(' ');

  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (locked && !next ? undefined : onOpenChange(next))}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={minimized ? 'modal-overlay is-minimized' : 'modal-overlay'} style={{ zIndex: 900 + level * 2 }} />
        <RadixDialog.Content
          ref={contentRef}
          className={classes}
          style={style}
          role={role}
          aria-describedby={undefined}
          onEscapeKeyDown={(event) => {
            if (locked || !closeOnEscape) event.preventDefault();
          }}
          // A stray click must not throw away a stack of movable, minimisable modals and their input.
          onInteractOutside={(event) => event.preventDefault()}
        >
          <header
            className="modal-header"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onDoubleClick={() => setOffset({ x: 0, y: 0 })}
          >
            <RadixDialog.Title className="modal-title">{title}</RadixDialog.Title>
            <div className="modal-controls">
              {minimizable && size !== 'fullscreen' && (
                <button
                  ref={toggleRef}
                  type="button"
                  className="modal-control"
                  aria-label={minimized ? `Restore ${title}` : `Minimize ${title}`}
                  title={minimized ? 'Restore' : 'Minimize'}
                  onClick={toggleMinimized}
                >
                  <MinimizeIcon minimized={minimized} />
                </button>
              )}
              <RadixDialog.Close className="modal-control modal-close" aria-label="Close" title="Close" disabled={locked}>
                ×
              </RadixDialog.Close>
            </div>
          </header>
          <div className="modal-content" hidden={minimized}>
            {children}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
