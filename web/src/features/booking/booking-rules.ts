/** The booking form's client-side rules (spec §5); the server checks them again with the venue's clock. */
export type SlotFields = { sessionType: string; date: string; startTime: string; endTime: string };

export const START_BEFORE_END = 'Start time must be earlier than end time.';
export const FUTURE_ONLY = 'Please select future date and time.';

/**
 * The wall clock at `now` in `timeZone` (the venue's; the browser's when not known yet) as
 * 'YYYY-MM-DDTHH:mm', so slots, which are venue wall-clock times, compare as strings. Intl does
 * the zone math.
 */
export function wallClock(now: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** Today's date (YYYY-MM-DD) at the venue: the date input's minimum. */
export function todayIso(now = new Date(), timeZone?: string): string {
  return wallClock(now, timeZone).slice(0, 10);
}

/** How far ahead the venue takes bookings (the server's rule; it answers why past it). */
export const BOOKING_HORIZON_DAYS = 90;

/** The last date (YYYY-MM-DD) at the venue that can be booked, all of it: the date input's maximum. */
export function lastBookableIso(now = new Date(), timeZone?: string): string {
  // Calendar days on the venue's date: as a UTC midnight, adding days crosses no zone or DST change.
  const last = new Date(`${todayIso(now, timeZone)}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + BOOKING_HORIZON_DAYS);
  return last.toISOString().slice(0, 10);
}

/**
 * The first rule the slot breaks, or undefined; an end of 00:00 means midnight, the closing
 * time. "Future" is judged on the venue's clock, wherever the browser is.
 */
export function slotProblem(
  { date, startTime, endTime }: SlotFields,
  now = new Date(),
  timeZone?: string,
): string | undefined {
  const endOfDay = endTime === '00:00' ? '24:00' : endTime;
  if (startTime >= endOfDay) return START_BEFORE_END;
  if (`${date}T${endOfDay}` <= wallClock(now, timeZone)) return FUTURE_ONLY;
  return undefined;
}
