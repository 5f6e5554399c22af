import { formatHour, openingHoursSummary } from './opening-hours';

describe('opening hours', () => {
  it('formats hours the way the footer shows them', () => {
    expect(formatHour('10:00')).toBe('10am');
    expect(formatHour('24:00')).toBe('12am');
    expect(formatHour('12:00')).toBe('12pm');
    expect(formatHour('17:30')).toBe('5:30pm');
  });

  it('summarises the week', () => {
    expect(openingHoursSummary()).toBe('10am to 12am, 7 days a week');
  });
});
