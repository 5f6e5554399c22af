/** The booking form's client-side rules (spec §5); the server checks them again with the venue's clock. */
import { addDaysIso, todayIso, wallClock } from '../../lib/venue-time';

export { todayIso };

export type SlotFields = { sessionType: string; date: string; startTime: string; endTime: string };

export const START_BEFORE_END = 'Start time must be earlier than end time.';
export const FUTURE_ONLY = 'Please select future date and time.';

/** How far ahead the venue takes bookings (the server's rule; it answers why past it). */
export const BOOKING_HORIZON_DAYS = 90;

/** The last date (YYYY-MM-DD) at the venue that can be booked, all of it: the date input's maximum. */
export function lastBookableIso(now = new Date(), timeZone?: string): string {
  return addDaysIso(todayIso(now, timeZone), BOOKING_HORIZON_DAYS);
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
