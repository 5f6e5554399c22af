import { DateTime } from 'luxon';

/** The venue opens at 10:00 and closes at midnight, every day of the week. */
export const OPENING_HOURS = { opensAt: '10:00', closesAt: '24:00' } as const;

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** "10:00" -> "10am", "24:00" -> "12am". */
export function formatHour(time: string): string {
  const [hour, minute] = time.split(':').map(Number);
  const clock = DateTime.fromObject({ hour: hour % 24, minute });
  return clock.toFormat(minute ? 'h:mma' : 'ha').toLowerCase();
}

export function openingHoursSummary(hours: { opensAt: string; closesAt: string } = OPENING_HOURS): string {
  return `${formatHour(hours.opensAt)} to ${formatHour(hours.closesAt)}, 7 days a week`;
}
