// Unit tests of the modal stack: levels in opening order, the SPEC 9 offsets, and the minimised bar slots.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Stack from './modal-stack';

let stack: typeof Stack;

beforeEach(async () => {
  vi.resetModules();
  stack = await import('./modal-stack');
});

describe('modal stack', () => {
  it('should give each modal its level in opening order and close any of them', () => {
    stack.openModal('a');
    stack.openModal('b');
    stack.openModal('b');
    stack.openModal('c');
    expect(stack.placementOf(stack.getStack(), 'c').level).toBe(2);
    stack.closeModal('b');
    expect(stack.placementOf(stack.getStack(), 'a').level).toBe(0);
    expect(stack.placementOf(stack.getStack(), 'c').level).toBe(1);
  });

  it('should start 35 px from the top and move 10 px per level', () => {
    expect(stack.stackOffsetPx(0)).toEqual({ top: 35, shift: 0 });
    expect(stack.stackOffsetPx(2)).toEqual({ top: 55, shift: 20 });
  });

  it('should dock minimised modals side by side in the order they were opened', () => {
    stack.openModal('a');
    stack.openModal('b');
    stack.openModal('c');
    stack.setMinimized('c', true);
    stack.setMinimized('a', true);
    expect(stack.placementOf(stack.getStack(), 'a')).toEqual({ level: 0, dockIndex: 0, minimized: true });
    expect(stack.placementOf(stack.getStack(), 'b')).toEqual({ level: 1, dockIndex: -1, minimized: false });
    expect(stack.placementOf(stack.getStack(), 'c').dockIndex).toBe(1);
    stack.setMinimized('a', false);
    expect(stack.placementOf(stack.getStack(), 'c').dockIndex).toBe(0);
  });

  it('should notify subscribers of every change', () => {
    const listener = vi.fn();
    const unsubscribe = stack.subscribeStack(listener);
    stack.openModal('a');
    stack.setMinimized('a', true);
    stack.closeModal('a');
    stack.closeModal('a');
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
