/** The booking form's client-side rules (spec §5); the server checks them again with the venue's clock. */
export type SlotFields = { sessionType: string; date: string; startTime: string; endTime: string };

export const START_BEFORE_END = 'Start time must be earlier than end time.';
export const FUTURE_ONLY = 'Please select future date and time.';

/** YYYY-MM-DD of `now` in the browser's calendar: the date input's minimum. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The first rule the slot breaks, or undefined; an end of 00:00 means midnight, the closing time. */
export function slotProblem({ date, startTime, endTime }: SlotFields, now = new Date()): string | undefined {
  const endOfDay = endTime === '00:00' ? '24:00' : endTime;
  if (startTime >= endOfDay) return START_BEFORE_END;
  const end = new Date(`${date}T00:00`);
  const [hours, minutes] = endOfDay.split(':').map(Number);
  end.setHours(hours, minutes);
  if (end.getTime() <= now.getTime()) return FUTURE_ONLY;
  return undefined;
}
