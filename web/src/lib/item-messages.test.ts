// Unit tests of the SPEC 8 generic item messages.
import { describe, expect, it } from 'vitest';
import { itemMessages } from './item-messages';

describe('itemMessages', () => {
  it('should word the added, updated and removed toasts, the unknown error and the remove confirmation', () => {
    expect(itemMessages('user role')).toEqual({
      added: 'User role successfully added.',
      updated: 'User role successfully updated.',
      removed: 'User role successfully removed.',
      unknownSubmitError: 'Unknown error submitting user role.',
      removeConfirm: 'Are you sure you want to remove user role?',
    });
  });
});
