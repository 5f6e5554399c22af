import { DateTime } from 'luxon';
import { badInput } from '../../common/errors';

export const MAX_REPORT_DAYS = 366;
const FIRST_YEAR = 1900;

export const REPORT_MESSAGES = {
  badDate: (field: 'from' | 'to') => `Please enter the ${field} date as YYYY-MM-DD.`,
  noSuchDate: (field: 'from' | 'to') => `The ${field} date does not exist.`,
  tooEarly: (field: 'from' | 'to') => `The ${field} date must be in ${FIRST_YEAR} or later.`,
  order: 'The from date must be on or before the to date.',
  tooLong: `A report covers at most ${MAX_REPORT_DAYS} days: please pick a shorter range.`,
  timeout: 'This report took too long. Please try a shorter date range.',
} as const;

export type ReportRange = {
  /** Venue-local dates as given, both inclusive. */
  from: string;
  to: string;
  /** The first instant of `from` and the first instant after `to`, in the venue's time zone. */
  start: Date;
  end: Date;
  days: number;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function venueDay(value: string, field: 'from' | 'to', zone: string): DateTime {
  const text = value?.trim() ?? '';
  const day = DateTime.fromISO(text, { zone });
  // PostgreSQL has no year 0; no report reaches back before the venue's century anyway.
  if (!DATE.test(text)) throw badInput(REPORT_MESSAGES.badDate(field), field);
  if (!day.isValid) throw badInput(REPORT_MESSAGES.noSuchDate(field), field); // 2026-02-29, 2026-13-01
  if (day.year < FIRST_YEAR) throw badInput(REPORT_MESSAGES.tooEarly(field), field);
  return day.startOf('day');
}

/**
 * Venue-local dates (both inclusive) to the half-open range of instants they cover, through
 * the time-zone database, so 23:30 venue time belongs to its own day even across DST.
 */
export function reportRange(from: string, to: string, zone: string): ReportRange {
  const first = venueDay(from, 'from', zone);
  const last = venueDay(to, 'to', zone);
  if (last < first) throw badInput(REPORT_MESSAGES.order, 'to');
  const days = Math.round(last.diff(first, 'days').days) + 1;
  if (days > MAX_REPORT_DAYS) throw badInput(REPORT_MESSAGES.tooLong, 'to');
  return {
    from: first.toISODate()!,
    to: last.toISODate()!,
    start: first.toJSDate(),
    end: last.plus({ days: 1 }).toJSDate(),
    days,
  };
}
