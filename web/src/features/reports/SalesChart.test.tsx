import { periodDays } from './SalesChart';

describe('sales periods', () => {
  const range = { from: '2026-10-01', to: '2026-11-30' };

  it('names a week or month the range cuts by the days it holds, and whole ones by their span', () => {
    const week = { ...range, groupBy: 'WEEK' as const };
    // Monday 2026-09-28: the range starts on the Thursday.
    expect(periodDays(week, '2026-09-28')).toEqual({ first: '2026-10-01', label: '2026-10-01 to 2026-10-04' });
    expect(periodDays(week, '2026-10-05')).toEqual({ first: '2026-10-05', label: '2026-10-05 to 2026-10-11' });
    // Monday 2026-11-30 is the range's last day.
    expect(periodDays(week, '2026-11-30')).toEqual({ first: '2026-11-30', label: '2026-11-30' });

    const month = { from: '2026-01-15', to: '2026-02-10', groupBy: 'MONTH' as const };
    expect(periodDays(month, '2026-01-01')).toEqual({ first: '2026-01-15', label: '2026-01-15 to 2026-01-31' });
    expect(periodDays(month, '2026-02-01')).toEqual({ first: '2026-02-01', label: '2026-02-01 to 2026-02-10' });
    const leap = { from: '2028-01-01', to: '2028-12-31', groupBy: 'MONTH' as const };
    expect(periodDays(leap, '2028-02-01').label).toBe('2028-02-01 to 2028-02-29');
  });

  it('names a day by itself', () => {
    expect(periodDays({ ...range, groupBy: 'DAY' }, '2026-10-07')).toEqual({
      first: '2026-10-07',
      label: '2026-10-07',
    });
  });
});
