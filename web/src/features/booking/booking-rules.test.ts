import { FUTURE_ONLY, START_BEFORE_END, lastBookableIso, slotProblem, todayIso } from './booking-rules';

const now = new Date(2026, 5, 15, 12, 30); // 15 June 2026, 12:30 local
const slot = (date: string, startTime: string, endTime: string) => ({ sessionType: 'VR', date, startTime, endTime });

describe('booking form rules (spec §5)', () => {
  it('accepts a future slot whose start is before its end', () => {
    expect(slotProblem(slot('2026-06-16', '14:00', '15:00'), now)).toBeUndefined();
    expect(slotProblem(slot('2026-06-15', '12:00', '13:00'), now)).toBeUndefined();
  });

  it('refuses a start at or after the end', () => {
    expect(slotProblem(slot('2026-06-16', '15:00', '14:00'), now)).toBe(START_BEFORE_END);
    expect(slotProblem(slot('2026-06-16', '14:00', '14:00'), now)).toBe(START_BEFORE_END);
  });

  it('treats an end of 00:00 as midnight, the closing time', () => {
    expect(slotProblem(slot('2026-06-16', '22:00', '00:00'), now)).toBeUndefined();
  });

  it('refuses a slot that has already ended', () => {
    expect(slotProblem(slot('2026-06-14', '14:00', '15:00'), now)).toBe(FUTURE_ONLY);
    expect(slotProblem(slot('2026-06-15', '11:00', '12:30'), now)).toBe(FUTURE_ONLY);
  });

  it('checks the order of the times before the date', () => {
    expect(slotProblem(slot('2026-06-14', '15:00', '14:00'), now)).toBe(START_BEFORE_END);
  });

  it('gives today as the date input minimum and 90 days ahead as its maximum', () => {
    expect(todayIso(now)).toBe('2026-06-15');
    expect(lastBookableIso(new Date('2026-06-16T03:30:00Z'), 'America/New_York')).toBe('2026-09-13');
  });

  it('judges today and the future on the venue’s clock, wherever the browser is', () => {
    const instant = new Date('2026-06-16T03:30:00Z'); // 23:30 on 15 June in New York, 12:30 on 16 June in Tokyo
    expect(todayIso(instant, 'America/New_York')).toBe('2026-06-15');
    expect(todayIso(instant, 'Asia/Tokyo')).toBe('2026-06-16');
    expect(slotProblem(slot('2026-06-15', '23:00', '00:00'), instant, 'America/New_York')).toBeUndefined();
    expect(slotProblem(slot('2026-06-15', '22:00', '23:00'), instant, 'America/New_York')).toBe(FUTURE_ONLY);
    expect(slotProblem(slot('2026-06-16', '12:00', '12:30'), instant, 'Asia/Tokyo')).toBe(FUTURE_ONLY);
    expect(slotProblem(slot('2026-06-16', '12:00', '13:00'), instant, 'Asia/Tokyo')).toBeUndefined();
  });
});
