// Unit tests of the report pages' rules: period presets, the saved parameters (restored, and never able to break
// the page), the query asked, cell formats, the truncation note, the chart's scale and the Multiselect's summary.
import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES, REPORT_PERIOD_MAX_DAYS } from '@dealer/contracts';
import { multiselectSummary } from '../../components/ui/multiselect/multiselect';
import { axisLabel, chartSummary, fitLabel, niceStep, valueScale } from './components/report-chart';
import { rowLabel, totalsLead } from './components/report-table';
import { formatAxisValue, formatCell, truncationNote } from './components/report-format';
import {
  askedLocationIds,
  keepOfferedLocations,
  csvFileName,
  defaultParams,
  drillFrom,
  periodOf,
  periodProblem,
  presetPeriod,
  REPORT_PARAMS_KEY,
  reportQueryParams,
  restoreParams,
  saveParams,
} from './components/report-params';

describe('period presets', () => {
  it('should give whole calendar months, quarters and years counted from today', () => {
    expect(presetPeriod('this-month', '2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('this-month', '2028-02-01')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetPeriod('last-month', '2026-01-31')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('last-month', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('this-quarter', '2026-11-25')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(presetPeriod('this-quarter', '2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(presetPeriod('last-quarter', '2026-02-10')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(presetPeriod('last-quarter', '2026-09-30')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(presetPeriod('this-year', '2026-11-25')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(presetPeriod('last-year', '2026-11-25')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(presetPeriod('custom', '2026-11-25')).toBeNull();
  });

  it('should use the custom dates only for Custom', () => {
    expect(periodOf({ preset: 'custom', from: '2026-01-05', to: '2026-01-09' }, '2026-11-25')).toEqual({ from: '2026-01-05', to: '2026-01-09' });
    expect(periodOf({ preset: 'this-year', from: '2026-01-05', to: '2026-01-09' }, '2026-11-25')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('should refuse a reversed, unreadable or too long period with the server\'s messages', () => {
    expect(periodProblem({ from: '2026-01-01', to: '2026-01-31' })).toBeNull();
    expect(periodProblem({ from: '2026-02-01', to: '2026-01-31' })).toBe(REPORT_MESSAGES.periodInvalid);
    expect(periodProblem({ from: '', to: '2026-01-31' })).toBe(REPORT_MESSAGES.periodInvalid);
    expect(periodProblem({ from: '2026-02-30', to: '2026-03-01' })).toBe(REPORT_MESSAGES.periodInvalid);
    expect(periodProblem({ from: '2000-01-01', to: '2026-01-31' })).toBe(REPORT_MESSAGES.periodTooLong);
    expect(REPORT_PERIOD_MAX_DAYS).toBeGreaterThan(366);
  });
});

describe('saved report parameters (SPEC 3)', () => {
  const today = '2026-11-25';

  it('should key them per report and restore what was saved', () => {
    expect(REPORT_PARAMS_KEY('coupon-sales-v2')).toBe('REPORT_PARAMS:coupon-sales-v2');
    const saved = { preset: 'custom', from: '2026-10-01', to: '2026-10-31', locationIds: [2, 1], options: { groupBy: 'seller' } } as const;
    expect(restoreParams('coupon-sales-v2', saveParams({ ...saved, locationIds: [2, 1], options: { ...saved.options } }), today)).toEqual(saved);
  });

  it('should start from this month, every location and the options\' defaults', () => {
    expect(restoreParams('coupon-redemptions', null, today)).toEqual({
      preset: 'this-month',
      from: '2026-11-01',
      to: '2026-11-30',
      locationIds: null,
      options: { groupBy: 'location' },
    });
    expect(defaultParams('payouts', today).options).toEqual({});
  });

  it('should fall back to the defaults for anything unreadable or stale', () => {
    const defaults = defaultParams('coupon-sales-v2', today);
    expect(restoreParams('coupon-sales-v2', '{not json', today)).toEqual(defaults);
    expect(restoreParams('coupon-sales-v2', 'null', today)).toEqual(defaults);
    expect(restoreParams('coupon-sales-v2', '"text"', today)).toEqual(defaults);
    const stale = JSON.stringify({ preset: 'fortnight', from: '2026-10-31', to: '2026-10-01', locationIds: [1, 'x', -3, 1.5, 1, 4], options: { groupBy: 'colour', extra: 'x' } });
    expect(restoreParams('coupon-sales-v2', stale, today)).toEqual({ ...defaults, locationIds: [1, 4] });
  });
});

describe('the query asked', () => {
  it('should drop saved locations no longer offered, and go back to all of them when none is left', () => {
    const params = { locationIds: [1, 2] };
    expect(keepOfferedLocations(params, [1, 2, 3])).toBe(params);
    expect(keepOfferedLocations({ locationIds: [3, 1, 2] }, [1, 3])).toEqual({ locationIds: [3, 1] });
    expect(keepOfferedLocations({ locationIds: [2] }, [1, 3])).toEqual({ locationIds: null });
    const none = { locationIds: [] };
    expect(keepOfferedLocations(none, [1])).toBe(none);
    const all = { locationIds: null };
    expect(keepOfferedLocations(all, [])).toBe(all);
    expect(keepOfferedLocations({ preset: 'custom', locationIds: [4] }, [1])).toEqual({ preset: 'custom', locationIds: null });
  });

  it('should ask the chosen locations still offered, or all of them when none was ever chosen', () => {
    expect(askedLocationIds({ locationIds: null }, [3, 1, 2])).toEqual([1, 2, 3]);
    expect(askedLocationIds({ locationIds: [2, 1] }, [1, 2, 3])).toEqual([1, 2]);
    expect(askedLocationIds({ locationIds: [3, 9] }, [1, 2, 3])).toEqual([3]);
    expect(askedLocationIds({ locationIds: [] }, [1, 2, 3])).toEqual([]);
  });

  it('should take only the drill parameters the report declares from the address', () => {
    expect(drillFrom('payouts', new URLSearchParams('fromLocationId=1&toLocationId=2&packId=x'))).toEqual({ fromLocationId: '1', toLocationId: '2' });
    expect(drillFrom('coupon-sales', new URLSearchParams('packId=x'))).toEqual({});
  });

  it('should send from, to, the locations as a list, the options and the drill', () => {
    const request = { name: 'coupon-sales-v2' as const, from: '2026-10-01', to: '2026-10-31', locationIds: [1, 2], options: { groupBy: 'pack' }, drill: { packId: 'p1' } };
    expect(reportQueryParams(request)).toEqual({ from: '2026-10-01', to: '2026-10-31', locationIds: '1,2', groupBy: 'pack', packId: 'p1' });
    expect(csvFileName(request)).toBe('coupon-sales-v2-2026-10-01-2026-10-31.csv');
  });
});

describe('cells and notes', () => {
  it('should format each column kind', () => {
    expect(formatCell('money', 123456)).toBe('$1,234.56');
    expect(formatCell('money', -500)).toBe('-$5.00');
    expect(formatCell('count', 12345)).toBe('12,345');
    expect(formatCell('percent', 1250)).toBe('12.5%');
    expect(formatCell('date', '2026-11-05')).toBe('11/05/2026');
    expect(formatCell('text', 'Front Range Toyota')).toBe('Front Range Toyota');
    expect(formatCell('money', null)).toBe('-');
    expect(formatCell('text', '')).toBe('-');
  });

  it('should say when only the first rows are shown', () => {
    expect(truncationNote(1000, 1000)).toBeNull();
    expect(truncationNote(3, 2)).toBeNull();
    expect(truncationNote(1000, 2345)).toBe('Showing the first 1,000 of 2,345 rows; Export CSV has them all');
  });
});

describe('totals row', () => {
  const columns = [
    { key: 'date', label: 'Date', kind: 'date' as const },
    { key: 'location', label: 'Location', kind: 'text' as const },
    { key: 'gross', label: 'Gross', kind: 'money' as const },
  ];
  it('should say Total once: the definition\'s own label where it gives one', () => {
    expect(totalsLead(columns, { date: null, location: null, gross: 100 })).toBe('Total');
    expect(totalsLead(columns, { date: null, location: 'Total', gross: 100 })).toBe('');
    expect(totalsLead(columns.slice(1), { location: 'All locations', gross: 100 })).toBe('All locations');
    expect(totalsLead(columns.slice(2), { gross: 100 })).toBe('Total: $1.00');
  });

  it('should name a drilled row by its leading text and date cells', () => {
    expect(rowLabel(columns, { cells: { date: '2026-11-24', location: 'Front Range Toyota', gross: 100 } })).toBe('11/24/2026 / Front Range Toyota');
    expect(rowLabel(columns.slice(2), { cells: { gross: 100 } })).toBe('$1.00');
  });
});

describe('chart scale', () => {
  it('should step in ones, twos and fives', () => {
    expect(niceStep(100)).toBe(50);
    expect(niceStep(7)).toBe(2);
    expect(niceStep(0)).toBe(1);
    expect(niceStep(1_234_567)).toBe(500_000);
  });

  it('should cover zero and every value with round ends', () => {
    expect(valueScale([3, 17, 9])).toEqual({ min: 0, max: 20, step: 5 });
    expect(valueScale([-30, 45])).toEqual({ min: -40, max: 60, step: 20 });
    expect(valueScale([])).toEqual({ min: 0, max: 1, step: 1 });
    expect(valueScale([0, 0])).toEqual({ min: 0, max: 1, step: 1 });
    expect(valueScale([150], 100)).toEqual({ min: 0, max: 200, step: 100 });
  });

  it('should label axes in whole dollars and describe the chart in words', () => {
    expect(formatAxisValue('money', 250_000)).toBe('$2,500');
    expect(formatAxisValue('money', -150)).toBe('-$2');
    expect(formatAxisValue('count', 1500)).toBe('1,500');
    expect(axisLabel('2026-11-05')).toBe('11/05');
    expect(axisLabel('2026-11')).toBe('11/2026');
    expect(axisLabel('Oil Change 4-Pack')).toBe('Oil Change 4-Pack');
    expect(fitLabel('Oil Change 4-Pack', 200)).toBe('Oil Change 4-Pack');
    expect(fitLabel('Oil Change 4-Pack', 56)).toBe('Oil Cha…');
    const chart = {
      key: 'trend',
      title: 'Sales by day',
      kind: 'line' as const,
      xKey: 'day',
      valueKind: 'money' as const,
      series: [{ key: 'gross', label: 'Gross' }, { key: 'net', label: 'Net' }],
      points: [{ day: '2026-11-01', gross: 1, net: 1 }, { day: '2026-11-30', gross: 2, net: 2 }],
    };
    expect(chartSummary(chart)).toBe('Line chart of Gross, Net from 11/01/2026 to 11/30/2026, 2 points. The figures are in the table below.');
  });
});

describe('Multiselect summary (SPEC 2.5)', () => {
  const options = [{ value: 1, label: 'North' }, { value: 2, label: 'South' }, { value: 3, label: 'East' }];
  it('should show the placeholder, "..." without options, All, or the first choices', () => {
    expect(multiselectSummary(options, [], 'Select an Item...')).toBe('Select an Item...');
    expect(multiselectSummary([], [], 'Select an Item...')).toBe('...');
    expect(multiselectSummary(options, [3, 1, 2], 'x')).toBe('All (3)');
    expect(multiselectSummary(options, [2], 'x')).toBe('South');
    expect(multiselectSummary(options, [2, 1], 'x')).toBe('North, South');
    expect(multiselectSummary([...options, { value: 4, label: 'West' }], [1, 2, 3], 'x')).toBe('North, South +1 more');
  });
});
