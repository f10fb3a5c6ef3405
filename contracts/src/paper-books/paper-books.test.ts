import { describe, expect, it } from 'vitest';
import { MONEY_MESSAGES } from '../money/index';
import { PAPER_BOOK_IMPORT_MESSAGES as I, PAPER_BOOK_MESSAGES as M, checkPaperBookImportRow, parseSoldDate } from './rules';

const packId = '0b8c1d0e-3f4a-4b5c-8d6e-7f8091a2b3c4';

describe('the paper-book import row', () => {
  it('should read US and ISO dates, dollars and a blank price as the list price', () => {
    expect(parseSoldDate('3/5/2026')).toBe('2026-03-05');
    expect(parseSoldDate('2026-03-05')).toBe('2026-03-05');
    expect(parseSoldDate('02/30/2026')).toBeNull();
    const row = checkPaperBookImportRow({ bookNumber: ' pb-1 ', packId: packId.toUpperCase(), locationId: '2', saleRoNumber: 'ro77', soldDate: '12/31/2025', price: '1,279.50' });
    expect(row).toEqual({ ok: true, value: { bookNumber: 'PB-1', packId, locationId: 2, saleRoNumber: 'RO77', soldOn: '2025-12-31', price: 127_950 } });
    const blank = checkPaperBookImportRow({ bookNumber: 'PB-2', packId, locationId: 1, saleRoNumber: 'R1', soldDate: '2025-01-01', price: '' });
    expect(blank.ok && blank.value.price).toBeNull();
  });

  it('should name every wrong field', () => {
    const row = checkPaperBookImportRow({ bookNumber: 'no spaces', packId: 'x', locationId: 0, saleRoNumber: '', soldDate: '2025-13-01', price: '12.345' });
    expect(row.ok).toBe(false);
    if (row.ok) return;
    expect(row.fields).toEqual({
      bookNumber: M.bookNumberInvalid,
      packId: I.packIdInvalid,
      locationId: I.locationIdInvalid,
      saleRoNumber: M.saleRoRequired,
      soldDate: I.soldDateInvalid,
      price: I.priceInvalid(MONEY_MESSAGES.decimals),
    });
    expect(checkPaperBookImportRow([1, 2])).toEqual({ ok: false, errors: [I.notAnObject], fields: {} });
  });
});

