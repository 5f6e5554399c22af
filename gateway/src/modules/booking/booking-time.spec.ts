import { DateTime } from 'luxon';
import { BOOKING_MESSAGES, slotInstants, validateSlot, venueTimes } from './booking-time';

const NY = 'America/New_York';
const now = new Date('2026-03-01T12:00:00Z');

describe('booking times', () => {
  it('converts venue-local times through the zone, daylight-saving days included', () => {
    // 2026-03-08: clocks spring forward in New York (UTC-5 -> UTC-4).
    expect(slotInstants({ date: '2026-03-07', startTime: '10:00', endTime: '12:00' }, NY)).toEqual({
      startsAt: new Date('2026-03-07T15:00:00Z'),
      endsAt: new Date('2026-03-07T17:00:00Z'),
    });
    expect(slotInstants({ date: '2026-03-08', startTime: '10:00', endTime: '12:00' }, NY)).toEqual({
      startsAt: new Date('2026-03-08T14:00:00Z'),
      endsAt: new Date('2026-03-08T16:00:00Z'),
    });
    // 2026-11-01: clocks fall back; midnight closing is the next day's start, in EST.
    expect(slotInstants({ date: '2026-11-01', startTime: '22:00', endTime: '24:00' }, NY)).toEqual({
      startsAt: new Date('2026-11-02T03:00:00Z'),
      endsAt: new Date('2026-11-02T05:00:00Z'),
    });
    expect(venueTimes(new Date('2026-11-02T03:00:00Z'), new Date('2026-11-02T05:00:00Z'), NY)).toEqual({
      date: '2026-11-01',
      startTime: '22:00',
      endTime: '00:00',
    });
  });

  it.each([
    [{ date: '', startTime: '10:00', endTime: '11:00' }, BOOKING_MESSAGES.required],
    [{ date: '2026-03-02', startTime: '10:00' }, BOOKING_MESSAGES.required],
    [{ date: '2026-02-31', startTime: '10:00', endTime: '11:00' }, BOOKING_MESSAGES.noSuchDate],
    [{ date: '2027-02-29', startTime: '10:00', endTime: '11:00' }, BOOKING_MESSAGES.noSuchDate],
    [{ date: '2026-13-01', startTime: '10:00', endTime: '11:00' }, BOOKING_MESSAGES.noSuchDate],
    [{ date: '2026-03-02', startTime: '9:00', endTime: '11:00' }, BOOKING_MESSAGES.badTime],
    [{ date: '2026-03-02', startTime: '12:00', endTime: '11:00' }, BOOKING_MESSAGES.startBeforeEnd],
    [{ date: '2026-03-02', startTime: '12:00', endTime: '12:00' }, BOOKING_MESSAGES.startBeforeEnd],
    [{ date: '2026-02-28', startTime: '12:00', endTime: '13:00' }, 'Please select future date and time.'], // spec §4, as shown
    [{ date: '2026-03-02', startTime: '09:30', endTime: '11:00' }, BOOKING_MESSAGES.openingHours],
    [{ date: '2026-03-02', startTime: '10:00', endTime: '10:20' }, BOOKING_MESSAGES.tooShort],
    [{ date: '2026-03-02', startTime: '10:00', endTime: '14:30' }, BOOKING_MESSAGES.tooLong],
  ])('refuses %j', (fields, message) => {
    expect(() => validateSlot(fields, NY, now)).toThrow(message);
  });

  it('accepts a slot up to closing time, written 24:00 or 00:00', () => {
    for (const endTime of ['24:00', '00:00'])
      expect(validateSlot({ date: '2026-03-02', startTime: '20:00', endTime }, NY, now).endsAt).toEqual(
        new Date('2026-03-03T05:00:00Z'),
      );
  });

  it('tells the venue-local date and time of any instant as luxon does, in zones with odd offsets and DST', () => {
    const zones = [NY, 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC'];
    const from = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 3000; i++) {
      const zone = zones[i % zones.length];
      // Steps of 3 h 7 min 13 s through more than a year: all hours and minutes, both sides of every zone's DST changes.
      const start = new Date(from + i * 3 * 3_600_000 + i * 433_000);
      const end = new Date(start.getTime() + 90 * 60_000);
      const local = (at: Date) => DateTime.fromJSDate(at, { zone });
      expect(venueTimes(start, end, zone)).toEqual({
        date: local(start).toFormat('yyyy-MM-dd'),
        startTime: local(start).toFormat('HH:mm'),
        endTime: local(end).toFormat('HH:mm'),
      });
    }
    // The hour New York repeats in the fall: both 01:30s read 01:30.
    expect(venueTimes(new Date('2026-11-01T05:30:00Z'), new Date('2026-11-01T06:30:00Z'), NY)).toEqual({
      date: '2026-11-01',
      startTime: '01:30',
      endTime: '01:30',
    });
  });
});
