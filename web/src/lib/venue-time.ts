import { useQuery } from '@apollo/client/react';
import { graphql } from '../gql';

/** The venue's IANA time zone: dates and times people see are the venue's, wherever the browser is. */
export const VenueTimeZone = graphql(`
  query VenueTimeZone {
    venue {
      timeZone
    }
  }
`);

/**
 * The venue's time zone once known. `cacheOnly` reads what the footer's venue query (on every page) already holds
 * and never asks the network itself, for small parts drawn many times (an order card).
 */
export function useVenueTimeZone({ cacheOnly = false } = {}): string | undefined {
  return useQuery(VenueTimeZone, { fetchPolicy: cacheOnly ? 'cache-only' : 'cache-first' }).data?.venue.timeZone;
}

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

/** Today's date (YYYY-MM-DD) at the venue. */
export function todayIso(now = new Date(), timeZone?: string): string {
  return wallClock(now, timeZone).slice(0, 10);
}

/** The calendar date `days` after `iso` (before, when negative). As a UTC midnight, no zone or DST change is crossed. */
export function addDaysIso(iso: string, days: number): string {
  const day = new Date(`${iso}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}
