import { DateTime } from 'luxon';
import { badInput } from '../../common/errors';
import { OPENING_HOURS } from '../venue/opening-hours';

export const MIN_BOOKING_MINUTES = 30;
export const MAX_BOOKING_MINUTES = 240;
/** How far ahead a session can be booked: the stations are not held for years by one customer. */
export const BOOKING_HORIZON_DAYS = 90;

export const BOOKING_MESSAGES = {
  required: 'Please fill in the session type, date, start time and end time.',
  badDate: 'Please enter the date as YYYY-MM-DD.',
  noSuchDate: 'There is no such date.',
  badTime: 'Please enter times as HH:mm (24 h).',
  startBeforeEnd: 'Start time must be earlier than end time.',
  future: 'Please select future date and time.',
  horizon: `Sessions can be booked up to ${BOOKING_HORIZON_DAYS} days ahead.`,
  openingHours: 'We are open from 10am to 12am: please pick a time within opening hours.',
  tooShort: `A session lasts at least ${MIN_BOOKING_MINUTES} minutes.`,
  tooLong: `A session lasts at most ${MAX_BOOKING_MINUTES / 60} hours.`,
  alreadyBooked: 'You already have a booking at this time.',
  keyedCancelled: 'This booking was cancelled.',
  keyedOtherwise:
    'This booking was already made by an earlier try of this confirm, for the session and time chosen then. Find it in My Bookings.',
  fullyBooked: 'This time slot is fully booked.',
  noneInService: (sessionType: string) => `No ${sessionType} station is in service at the moment.`,
  notUpcoming: 'Only upcoming bookings can be cancelled.',
  alreadyCancelled: 'This booking is already cancelled.',
  unknownSessionType: 'Please choose a session type: VR, Console, PlayStation, PC or Other.',
} as const;

export type SlotFields = { date?: string | null; startTime?: string | null; endTime?: string | null };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/**
 * Venue-local date and HH:mm times to instants, through the time-zone database (never by
 * hand), so a booking on a daylight-saving change day lands on the right UTC instants.
 * The end may be "24:00" (or "00:00", what a time picker gives) for midnight, closing time.
 */
export function slotInstants(fields: SlotFields, zone: string): { startsAt: Date; endsAt: Date } {
  const { date, startTime, endTime } = fields;
  if (!date?.trim() || !startTime?.trim() || !endTime?.trim()) throw badInput(BOOKING_MESSAGES.required);
  const day = DateTime.fromISO(date.trim(), { zone });
  if (!DATE.test(date.trim())) throw badInput(BOOKING_MESSAGES.badDate, 'date');
  if (!day.isValid) throw badInput(BOOKING_MESSAGES.noSuchDate, 'date'); // 2026-02-30, 2027-02-29, 2026-13-01
  const start = startTime.trim();
  const end = endTime.trim() === '00:00' ? '24:00' : endTime.trim();
  if (!TIME.test(start)) throw badInput(BOOKING_MESSAGES.badTime, 'startTime');
  if (!TIME.test(end) && end !== '24:00') throw badInput(BOOKING_MESSAGES.badTime, 'endTime');
  const at = (minutes: number) =>
    minutes === 24 * 60
      ? day.plus({ days: 1 }).startOf('day')
      : day.set({ hour: Math.floor(minutes / 60), minute: minutes % 60, second: 0, millisecond: 0 });
  return { startsAt: at(minutesOf(start)).toJSDate(), endsAt: at(minutesOf(end)).toJSDate() };
}

/** Every rule about the time of a booking, in the order a person fixes them. */
export function validateSlot(fields: SlotFields, zone: string, now: Date): { startsAt: Date; endsAt: Date } {
  const slot = slotInstants(fields, zone);
  const { startsAt, endsAt } = slot;
  if (startsAt >= endsAt) throw badInput(BOOKING_MESSAGES.startBeforeEnd, 'endTime');
  if (endsAt <= now) throw badInput(BOOKING_MESSAGES.future, 'date');
  // Whole venue days: every slot of the last bookable date is open, as the date input's maximum promises.
  const pastHorizon = DateTime.fromJSDate(now, { zone })
    .startOf('day')
    .plus({ days: BOOKING_HORIZON_DAYS + 1 });
  if (startsAt >= pastHorizon.toJSDate()) throw badInput(BOOKING_MESSAGES.horizon, 'date');
  const { opens, closes } = openingInstants(fields.date!.trim(), zone);
  if (startsAt < opens || endsAt > closes) throw badInput(BOOKING_MESSAGES.openingHours, 'startTime');
  const minutes = (endsAt.getTime() - startsAt.getTime()) / 60_000;
  if (minutes < MIN_BOOKING_MINUTES) throw badInput(BOOKING_MESSAGES.tooShort, 'endTime');
  if (minutes > MAX_BOOKING_MINUTES) throw badInput(BOOKING_MESSAGES.tooLong, 'endTime');
  return slot;
}

/** When the venue opens and closes on a venue-local date. */
export function openingInstants(date: string, zone: string): { opens: Date; closes: Date } {
  const fields = { date, startTime: OPENING_HOURS.opensAt, endTime: OPENING_HOURS.closesAt };
  const { startsAt, endsAt } = slotInstants(fields, zone);
  return { opens: startsAt, closes: endsAt };
}

/** One formatter per zone: making one is the slow part, and a list formats thousands of bookings. */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** An instant's venue-local date (yyyy-MM-dd) and time (HH:mm, 00 to 23). */
function wallClock(instant: Date, zone: string): { date: string; time: string } {
  let format = wallClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(zone, format);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of format.formatToParts(instant)) part[type] = value;
  return { date: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
}

/**
 * The venue-local date and HH:mm times of a booking, as clients show them. Intl's formatter rather than luxon's
 * toFormat: three times faster, which counts in the admin's unpaged REST list.
 */
export function venueTimes(startsAt: Date, endsAt: Date, zone: string) {
  const start = wallClock(startsAt, zone);
  return { date: start.date, startTime: start.time, endTime: wallClock(endsAt, zone).time };
}
