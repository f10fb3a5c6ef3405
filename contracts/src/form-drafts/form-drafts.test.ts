import { describe, expect, it } from 'vitest';
import {
  checkDraftValues,
  draftCustomerId,
  draftValuesOf,
  draftExpiresAt,
  draftWorthRestoring,
  FORM_DRAFT_FORM_IDS,
  FORM_DRAFT_FORMS,
  FORM_DRAFT_LIMITS,
  FORM_DRAFT_MESSAGES,
  parseOpenForms,
  unsavedChangesText,
  withOpenForm,
  withoutOpenForm,
  type OpenFormEntry,
} from './index';
import { timeAgo } from '../format/dates';

describe('checkDraftValues', () => {
  it("should keep a form's own fields of the right types", () => {
    expect(checkDraftValues('customer-profile', { firstName: 'Pat', phoneOther: null, isTaxExempt: true })).toEqual({ ok: true, values: { firstName: 'Pat', phoneOther: null, isTaxExempt: true } });
    expect(checkDraftValues('coupon-editor', { laborTypes: ['C', 'W'], locationIds: [] })).toEqual({ ok: true, values: { laborTypes: ['C', 'W'], locationIds: [] } });
  });

  it('should name the first field of a wrong type, unknown, too long or with too many items', () => {
    expect(checkDraftValues('customer-profile', { firstName: 5 })).toEqual({ ok: false, field: 'values.firstName', message: FORM_DRAFT_MESSAGES.notText('values.firstName') });
    expect(checkDraftValues('customer-profile', { isTaxExempt: 'true' })).toEqual({ ok: false, field: 'values.isTaxExempt', message: FORM_DRAFT_MESSAGES.notFlag('values.isTaxExempt') });
    expect(checkDraftValues('pack-editor', { locationIds: [1] })).toEqual({ ok: false, field: 'values.locationIds', message: FORM_DRAFT_MESSAGES.notList('values.locationIds') });
    expect(checkDraftValues('pack-editor', { locationIds: Array.from({ length: 201 }, () => '1') })).toMatchObject({ ok: false, message: FORM_DRAFT_MESSAGES.tooMany('values.locationIds') });
    expect(checkDraftValues('sell-pack', { packId: 'x'.repeat(65) })).toMatchObject({ ok: false, message: FORM_DRAFT_MESSAGES.tooLong('values.packId') });
    expect(checkDraftValues('sell-pack', { firstName: 'Pat' })).toMatchObject({ ok: false, field: 'values.firstName' });
    // Inherited names are not fields.
    expect(checkDraftValues('sell-pack', { toString: 'x' })).toMatchObject({ ok: false, field: 'values.toString' });
  });

  it('should refuse a draft over the size maximum in UTF-8 bytes', () => {
    const near = { description: '€'.repeat(4000), name: '€'.repeat(1000), opCodes: 'o'.repeat(1000) };
    expect(checkDraftValues('coupon-editor', near).ok).toBe(true);
    const over = checkDraftValues('coupon-editor', { ...near, locationIds: Array.from({ length: 200 }, (_, i) => String(100_000 + i)) });
    expect(over).toEqual({ ok: false, field: 'values', message: FORM_DRAFT_MESSAGES.tooLarge });
  });
});

describe('draft rules', () => {
  it('should list every form that keeps drafts', () => {
    expect([...FORM_DRAFT_FORM_IDS].sort()).toEqual(Object.keys(FORM_DRAFT_FORMS).sort());
  });

  it('should take the customer from the token field the form names', () => {
    expect(draftCustomerId({ formId: 'customer-profile', objectCacheModelId: 'c1', parentKey: null })).toBe('c1');
    expect(draftCustomerId({ formId: 'sell-pack', objectCacheModelId: null, parentKey: 'c2' })).toBe('c2');
    expect(draftCustomerId({ formId: 'pack-editor', objectCacheModelId: 'p1', parentKey: 'x' })).toBeNull();
  });

  it('should expire a draft its lifetime after the last save', () => {
    expect(draftExpiresAt(new Date('2026-11-27T10:00:00Z')).toISOString()).toBe(new Date(Date.parse('2026-11-27T10:00:00Z') + FORM_DRAFT_LIMITS.lifetimeDays * 86_400_000).toISOString());
  });

  it('should offer only a draft found there with saved values', () => {
    expect(draftWorthRestoring({ existed: true, values: { name: 'x' }, savedAt: '2026-11-27T10:00:00Z' })).toBe(true);
    expect(draftWorthRestoring({ existed: false, values: { name: 'x' }, savedAt: '2026-11-27T10:00:00Z' })).toBe(false);
    expect(draftWorthRestoring({ existed: true, values: null, savedAt: null })).toBe(false);
  });

  it("should word the prompt with SPEC 9's time-ago", () => {
    const now = new Date('2026-11-27T10:03:00Z');
    expect(unsavedChangesText(timeAgo(new Date('2026-11-27T10:00:00Z'), now))).toBe('You have unsaved changes from 3 minutes ago');
  });
});

describe('the open-forms list (SPEC 3 browser storage)', () => {
  const entry = (id: string): OpenFormEntry => ({ objectCacheId: id, formId: 'pack-editor', objectCacheModelId: null, parentKey: null, openedAt: '2026-11-27T10:00:00Z' });
  it('should add, replace and remove entries, newest last, bounded', () => {
    const list = withOpenForm(withOpenForm([], entry('a')), entry('b'));
    expect(withOpenForm(list, entry('a')).map((e) => e.objectCacheId)).toEqual(['b', 'a']);
    expect(withoutOpenForm(list, 'a').map((e) => e.objectCacheId)).toEqual(['b']);
    expect(withOpenForm(list, entry('c'), 2).map((e) => e.objectCacheId)).toEqual(['b', 'c']);
  });
  it('should read back only well-formed entries', () => {
    expect(parseOpenForms(JSON.stringify([entry('a'), { objectCacheId: 'b', formId: 'nope', openedAt: 'x' }, null]))).toEqual([entry('a')]);
    expect(parseOpenForms('not json')).toEqual([]);
    expect(parseOpenForms(null)).toEqual([]);
  });
});

describe('draftValuesOf', () => {
  it("should keep the form's own fields, each as its kind", () => {
    expect(draftValuesOf('pack-editor', { name: 'Winter', price: 12, locationIds: '2', extra: 'x', termMileage: undefined })).toEqual({ name: 'Winter', price: '12', locationIds: ['2'], termMileage: null });
    expect(draftValuesOf('pack-editor', { locationIds: false })).toEqual({ locationIds: [] });
    expect(draftValuesOf('customer-profile', { isTaxExempt: 1, firstName: 'Pat' })).toEqual({ isTaxExempt: true, firstName: 'Pat' });
    expect(checkDraftValues('coupon-editor', draftValuesOf('coupon-editor', { laborTypes: ['C'], name: 'n'.repeat(5000) })).ok).toBe(true);
  });
});
