import { reportRange, REPORT_MESSAGES } from './report-range';

const NY = 'America/New_York';

describe('reportRange', () => {
  it('covers whole venue-local days, both ends included', () => {
    const range = reportRange('2026-03-01', '2026-03-07', NY);
    expect(range.days).toBe(7);
    expect(range.start.toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(range.end.toISOString()).toBe('2026-03-08T05:00:00.000Z');
  });

  it('follows daylight saving time', () => {
    const range = reportRange('2026-03-08', '2026-03-08', NY);
    expect(range.start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(range.end.toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('allows 366 days and no more', () => {
    expect(reportRange('2028-01-01', '2028-12-31', NY).days).toBe(366);
    expect(() => reportRange('2026-01-01', '2027-01-02', NY)).toThrow(REPORT_MESSAGES.tooLong);
  });

  it('refuses bad dates and reversed ranges with a clear message', () => {
    expect(() => reportRange('2026-02-30', '2026-03-01', NY)).toThrow(REPORT_MESSAGES.noSuchDate('from'));
    expect(() => reportRange('2026-03-01', '2027-02-29', NY)).toThrow(REPORT_MESSAGES.noSuchDate('to'));
    expect(() => reportRange('2026-03-01', 'tomorrow', NY)).toThrow(REPORT_MESSAGES.badDate('to'));
    // in that form, but before PostgreSQL's and any report's reach: said so, not that the form is wrong
    expect(() => reportRange('1899-01-01', '1899-02-01', NY)).toThrow(REPORT_MESSAGES.tooEarly('from'));
    expect(reportRange('1900-01-01', '1900-01-31', NY).days).toBe(31);
    expect(() => reportRange('2026-03-02', '2026-03-01', NY)).toThrow(REPORT_MESSAGES.order);
  });
});
