// Unit tests of notification and confirm dialogs: SPEC 2.5 defaults and promise answers.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Store from './notification-store';

let store: typeof Store;

beforeEach(async () => {
  vi.resetModules();
  store = await import('./notification-store');
});

describe('notification dialogs', () => {
  it('should title a confirmation Confirm Action with Yes and No, and resolve with the answer', async () => {
    const answer = store.confirm({ message: 'Are you sure you want to remove user role?' });
    const [request] = store.getNotifications();
    expect(request).toMatchObject({ title: 'Confirm Action', yesText: 'Yes', noText: 'No', paragraphs: ['Are you sure you want to remove user role?'] });
    request?.resolve(true);
    await expect(answer).resolves.toBe(true);
    expect(store.getNotifications()).toEqual([]);
  });

  it('should give a notification only an Okay button unless a no button is asked for', () => {
    void store.notify({ message: ['One.', 'Two.'], variant: 'danger' });
    void store.notify({ message: 'Leave?', noText: store.NOTIFICATION_DEFAULTS.cancel });
    const [plain, withNo] = store.getNotifications();
    expect(plain).toMatchObject({ title: 'Error', yesText: 'Okay', noText: null, paragraphs: ['One.', 'Two.'] });
    expect(withNo).toMatchObject({ yesText: 'Okay', noText: 'Cancel' });
  });

  it('should let the caller rename the buttons and the title', () => {
    void store.confirm({ title: 'Remove?', message: 'x', yesText: 'Remove', noText: 'Keep' });
    expect(store.getNotifications()[0]).toMatchObject({ title: 'Remove?', yesText: 'Remove', noText: 'Keep' });
  });
});
