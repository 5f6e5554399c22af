import { registerEnumType } from 'type-graphql';

export enum SessionType {
  VR = 'VR',
  Console = 'Console',
  PlayStation = 'PlayStation',
  PC = 'PC',
  Other = 'Other',
}
export const SESSION_TYPES = Object.values(SessionType);
registerEnumType(SessionType, { name: 'SessionType', description: 'What a station is for. Default VR.' });

/** Derived from the clock, never stored. */
export enum BookingStatus {
  upcoming = 'upcoming',
  inprogress = 'inprogress',
  completed = 'completed',
  cancelled = 'cancelled',
}
registerEnumType(BookingStatus, { name: 'BookingStatus' });

export enum BookingSortField {
  username = 'username',
  email = 'email',
  date = 'date',
  startTime = 'startTime',
  endTime = 'endTime',
  sessionType = 'sessionType',
  status = 'status',
}
registerEnumType(BookingSortField, { name: 'BookingSortField' });

export enum SortDirection {
  ASC = 'ASC',
  DESC = 'DESC',
}
registerEnumType(SortDirection, { name: 'SortDirection' });

/** The status of a booking at `now`; the SQL twin is `statusSql` in the service. */
export function bookingStatus(
  booking: { startsAt: Date; endsAt: Date; cancelledAt: Date | null },
  now: Date,
): BookingStatus {
  if (booking.cancelledAt) return BookingStatus.cancelled;
  if (now < booking.startsAt) return BookingStatus.upcoming;
  if (now < booking.endsAt) return BookingStatus.inprogress;
  return BookingStatus.completed;
}
