// Modal stack (SPEC 2.5, 9): which modals are open, in opening order, and which are minimised.
import { MODAL } from '@dealer/contracts';

export interface StackEntry {
  id: string;
  minimized: boolean;
}

type Listener = () => void;

let entries: readonly StackEntry[] = [];
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

export function openModal(id: string): void {
  if (entries.some((e) => e.id === id)) return;
  entries = [...entries, { id, minimized: false }];
  emit();
}

export function closeModal(id: string): void {
  if (!entries.some((e) => e.id === id)) return;
  entries = entries.filter((e) => e.id !== id);
  emit();
}

export function setMinimized(id: string, minimized: boolean): void {
  entries = entries.map((e) => (e.id === id ? { ...e, minimized } : e));
  emit();
}

export function getStack(): readonly StackEntry[] {
  return entries;
}

export function subscribeStack(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface StackPlacement {
  /** 0 for the first open modal, 1 for one opened above it, ... */
  level: number;
  /** Position in the bar of minimised modals, or -1 when not minimised. */
  dockIndex: number;
  minimized: boolean;
}

/** Where a modal sits: its level among the open ones and its slot in the minimised bar. */
export function placementOf(stack: readonly StackEntry[], id: string): StackPlacement {
  const level = Math.max(0, stack.findIndex((e) => e.id === id));
  const docked = stack.filter((e) => e.minimized);
  const dockIndex = docked.findIndex((e) => e.id === id);
  return { level, dockIndex, minimized: dockIndex >= 0 };
}

/** SPEC 9: the first modal starts 35 px from the top; each level above moves 10 px down and right. */
export function stackOffsetPx(level: number): { top: number; shift: number } {
  return { top: MODAL.topStartPx + level * MODAL.offsetPx, shift: level * MODAL.offsetPx };
}
