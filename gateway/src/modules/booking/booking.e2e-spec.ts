import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createAdmin, createUser } from '../../test/factories';
import { readMailbox } from '../../common/mailer';
import { rawMail, waitForMail } from '../../test/mailbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { waitForLockWaiter, waitForLockWaiters } from '../../test/lock-waits';
import { BOOKING_MESSAGES } from './booking-time';
import { Booking } from './booking.entity';
import { restBooking } from './booking.rest';
import { BOOKING_LOCK } from './booking.service';
import { CREATION_KEY_MESSAGE } from '../../common/validation';

const BOOKING_FIELDS = 'id date startTime endTime sessionType status startsAt endsAt cancelledAt';
const CREATE = `mutation Create($sessionType: SessionType!, $date: String!, $startTime: String!, $endTime: String!) {
  createBooking(sessionType: $sessionType, date: $date, startTime: $startTime, endTime: $endTime) { ${BOOKING_FIELDS} }
}`;
/** The form's confirm, with its creation key. */
const KEYED = `mutation Create($sessionType: SessionType!, $date: String!, $startTime: String!, $endTime: String!,
  $creationKey: String) {
  createBooking(sessionType: $sessionType, date: $date, startTime: $startTime, endTime: $endTime,
    creationKey: $creationKey) { ${BOOKING_FIELDS} }
}`;
const CHECK = `query Check($sessionType: SessionType!, $date: String!, $startTime: String!, $endTime: String!) {
  checkAvailability(sessionType: $sessionType, date: $date, startTime: $startTime, endTime: $endTime) {
    available freeStations reason alternatives { date startTime endTime }
  }
}`;
const MINE = `query Mine($status: [BookingStatus!], $page: Int, $pageSize: Int) {
  myBookings(status: $status, page: $page, pageSize: $pageSize) { total page pageSize items { ${BOOKING_FIELDS} } }
}`;
const ALL = `query All($status: [BookingStatus!], $search: String, $sortBy: BookingSortField, $sortDirection: SortDirection,
  $page: Int, $pageSize: Int) {
  bookings(status: $status, search: $search, sortBy: $sortBy, sortDirection: $sortDirection, page: $page, pageSize: $pageSize) {
    total page pageSize items { ${BOOKING_FIELDS} user { id username email } station { id name sessionType } }
  }
}`;
const CANCEL = `mutation Cancel($id: ID!) { cancelBooking(id: $id) { id status cancelledAt } }`;
const ADMIN_CANCEL = `mutation AdminCancel($id: ID!) { adminCancelBooking(id: $id) { id status } }`;
const ADMIN_DELETE = `mutation AdminDelete($id: ID!) { adminDeleteBooking(id: $id) }`;

type Row = {
  id: string;
  date: string;
  startTime: string;
  endTime: string;
  sessionType: string;
  status: string;
  startsAt: string;
  endsAt: string;
};
type Person = Awaited<ReturnType<typeof createUser>>;

// Monday 2026-03-02, 07:00 in New York: the venue opens at 10:00.
const NOW = '2026-03-02T12:00:00Z';
const slot = (date: string, startTime: string, endTime: string, sessionType = 'VR') => ({
  sessionType,
  date,
  startTime,
  endTime,
});

describe('bookings (HTTP, real database)', () => {
  let app: TestApp;
  let customer: Person;
  let admin: Person;
  const newUser = (overrides: Parameters<typeof createUser>[2] = {}) =>
    createUser(app.db, app.deps.jwtSecret, overrides);
  const book = async (who: Person, s: ReturnType<typeof slot>) => {
    const res = await app.gql<{ createBooking: Row }>(CREATE, s, { token: who.token });
    expect(res.errors).toBeUndefined();
    return res.data!.createBooking;
  };

  beforeAll(async () => {
    app = await createTestApp();
    app.clock.set(NOW);
    customer = await newUser();
    admin = await createAdmin(app.db, app.deps.jwtSecret);
  });
  afterAll(() => app.close());
  afterEach(() => app.clock.set(NOW));

  it('seeds 4 stations of each session type and 8 PCs', async () => {
    const rows = await app.db.query(
      'SELECT session_type, count(*)::int AS n FROM stations WHERE active GROUP BY 1 ORDER BY 1',
    );
    expect(rows).toEqual([
      { session_type: 'Console', n: 4 },
      { session_type: 'Other', n: 4 },
      { session_type: 'PC', n: 8 },
      { session_type: 'PlayStation', n: 4 },
      { session_type: 'VR', n: 4 },
    ]);
  });

  describe('rules', () => {
    it.each([
      [slot('', '10:00', '11:00'), BOOKING_MESSAGES.required],
      [slot('2026-03-03', '', '11:00'), BOOKING_MESSAGES.required],
      [slot('2026-03-03', '12:00', '11:00'), BOOKING_MESSAGES.startBeforeEnd],
      [slot('2026-03-01', '12:00', '13:00'), BOOKING_MESSAGES.future],
      [slot('2026-03-02', '06:00', '06:30'), BOOKING_MESSAGES.future],
      [slot('2026-03-03', '09:00', '10:30'), BOOKING_MESSAGES.openingHours],
      [slot('2026-03-03', '10:00', '10:15'), BOOKING_MESSAGES.tooShort],
      [slot('2026-03-03', '10:00', '14:01'), BOOKING_MESSAGES.tooLong],
      [slot('2026-03-3', '10:00', '11:00'), BOOKING_MESSAGES.badDate],
      // NOW is 2026-03-02 in New York: 2026-05-31, 90 days on, is the last bookable date, all of it
      [slot('2026-06-01', '10:00', '11:00'), BOOKING_MESSAGES.horizon],
      [slot('9999-12-30', '20:00', '24:00'), BOOKING_MESSAGES.horizon],
      [slot('2026-03-03', '10h', '11:00'), BOOKING_MESSAGES.badTime],
    ])('refuses %j with its message, in GraphQL and REST', async (input, message) => {
      for (const op of [CREATE, CHECK]) {
        const res = await app.gql(op, input, { token: customer.token });
        expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
      }
      const check = await app.http(`/api/bookings/check?${new URLSearchParams(input)}`, { token: customer.token });
      expect(check.status).toBe(400);
      expect(check.body).toMatchObject({ error: message, message });
      const post = await app.http('/api/bookings', { method: 'POST', json: input, token: customer.token });
      expect(post.status).toBe(400);
      expect(post.body.error).toBe(message);
    });

    it('defaults a missing session type to VR in REST; refuses an empty or unknown one with a clear message', async () => {
      const who = await newUser();
      const check = await app.http('/api/bookings/check?date=2026-03-03&startTime=10:00&endTime=11:00', {
        token: who.token,
      });
      expect(check.status).toBe(200);
      expect(check.body).toMatchObject({ available: true });
      const defaulted = await app.http('/api/bookings', {
        method: 'POST',
        json: { date: '2026-03-03', startTime: '10:00', endTime: '11:00' },
        token: who.token,
      });
      expect(defaulted.status).toBe(201);
      expect(defaulted.body.booking).toMatchObject({ sessionType: 'VR', date: '2026-03-03', startTime: '10:00' });
      const missing = await app.http('/api/bookings', {
        method: 'POST',
        json: slot('2026-03-03', '12:00', '13:00', ''),
        token: customer.token,
      });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe(BOOKING_MESSAGES.required);
      const unknown = await app.http('/api/bookings', {
        method: 'POST',
        json: slot('2026-03-03', '10:00', '11:00', 'Arcade'),
        token: customer.token,
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toBe(BOOKING_MESSAGES.unknownSessionType);
      // written in another case, the same session type
      const lower = await app.http('/api/bookings', {
        method: 'POST',
        json: slot('2026-03-03', '14:00', '15:00', ' playstation '),
        token: customer.token,
      });
      expect(lower.status).toBe(201);
      expect(lower.body.booking.sessionType).toBe('PlayStation');
    });

    it('books up to 90 days ahead, the whole of the last day (the date input offers it)', async () => {
      const who = await newUser();
      const last = await book(who, slot('2026-05-31', '22:00', '24:00'));
      expect(last).toMatchObject({ date: '2026-05-31', startTime: '22:00' });
    });

    it('refuses a second overlapping booking of the same user, whatever the type', async () => {
      const who = await newUser();
      await book(who, slot('2026-03-04', '12:00', '14:00', 'PC'));
      for (const op of [CREATE, CHECK]) {
        const res = await app.gql(op, slot('2026-03-04', '13:30', '15:00', 'VR'), { token: who.token });
        expect(res.errors?.[0]).toMatchObject({
          message: 'You already have a booking at this time.',
          extensions: { code: 'CONFLICT' },
        });
      }
      // Touching is not overlapping.
      await book(who, slot('2026-03-04', '14:00', '15:00', 'VR'));
    });

    it('accepts a booking up to closing time (24:00)', async () => {
      const who = await newUser();
      const row = await book(who, slot('2026-03-05', '22:00', '24:00', 'Console'));
      expect(row).toMatchObject({ date: '2026-03-05', startTime: '22:00', endTime: '00:00' });
      expect(row.startsAt).toBe('2026-03-06T03:00:00.000Z');
    });
  });

  it('stores venue-local times on daylight-saving change days at the right UTC instants', async () => {
    const who = await newUser();
    const spring = await book(who, slot('2026-03-08', '10:00', '12:00'));
    expect(spring).toMatchObject({ date: '2026-03-08', startTime: '10:00', endTime: '12:00' });
    expect([spring.startsAt, spring.endsAt]).toEqual(['2026-03-08T14:00:00.000Z', '2026-03-08T16:00:00.000Z']);
    const dayBefore = await book(who, slot('2026-03-07', '10:00', '12:00'));
    expect(dayBefore.startsAt).toBe('2026-03-07T15:00:00.000Z');
    app.clock.set('2026-10-20T12:00:00Z'); // within the booking horizon of the fall change
    const fall = await book(who, slot('2026-11-01', '21:00', '24:00'));
    expect([fall.startsAt, fall.endsAt]).toEqual(['2026-11-02T02:00:00.000Z', '2026-11-02T05:00:00.000Z']);
    expect(fall).toMatchObject({ date: '2026-11-01', startTime: '21:00', endTime: '00:00' });
  });

  it('derives the status from the clock, in lists and their filters too', async () => {
    const who = await newUser();
    const row = await book(who, slot('2026-03-02', '10:00', '11:00', 'PlayStation'));
    const mine = async (status?: string[]) =>
      (await app.gql<{ myBookings: { items: Row[] } }>(MINE, { status }, { token: who.token })).data!.myBookings.items;
    expect((await mine())[0].status).toBe('upcoming');
    expect(await mine(['upcoming'])).toHaveLength(1);
    app.clock.set('2026-03-02T15:30:00Z');
    expect((await mine())[0].status).toBe('inprogress');
    expect(await mine(['upcoming'])).toHaveLength(0);
    expect(await mine(['inprogress'])).toHaveLength(1);
    const tooLate = await app.gql(CANCEL, { id: row.id }, { token: who.token });
    expect(tooLate.errors?.[0]).toMatchObject({
      message: 'Only upcoming bookings can be cancelled.',
      extensions: { code: 'CONFLICT' },
    });
    app.clock.set('2026-03-02T16:00:00Z');
    expect(await mine(['completed', 'cancelled'])).toHaveLength(1);
    expect((await mine())[0].status).toBe('completed');
    // A filter that needs no clock (cancelled alone) works too, in both lists.
    expect(await mine(['cancelled'])).toEqual([]);
    const later = await book(who, slot('2026-03-05', '12:00', '13:00'));
    await app.gql(CANCEL, { id: later.id }, { token: who.token });
    expect((await mine(['cancelled'])).map((b) => [b.id, b.status])).toEqual([[later.id, 'cancelled']]);
    const cancelledOnly = await app.gql<{ bookings: { items: Row[] } }>(
      'query ($search: String) { bookings(status: [cancelled], search: $search) { items { id status } } }',
      { search: who.user.email },
      { token: admin.token },
    );
    expect(cancelledOnly.errors).toBeUndefined();
    expect(cancelledOnly.data!.bookings.items.map((b) => [b.id, b.status])).toEqual([[later.id, 'cancelled']]);
  });

  describe('availability and double booking', () => {
    it('counts free stations and suggests the 3 nearest free start times of the same length', async () => {
      const day = '2026-03-10';
      let res = await app.gql<{ checkAvailability: Record<string, unknown> }>(CHECK, slot(day, '14:00', '15:00'), {
        token: customer.token,
      });
      expect(res.data?.checkAvailability).toEqual({ available: true, freeStations: 4, reason: null, alternatives: [] });
      for (let i = 0; i < 4; i++) await book(await newUser(), slot(day, '13:30', '15:30'));
      res = await app.gql(CHECK, slot(day, '14:00', '15:00'), { token: customer.token });
      expect(res.data?.checkAvailability).toEqual({
        available: false,
        freeStations: 0,
        reason: 'This time slot is fully booked.',
        alternatives: [
          { date: day, startTime: '12:30', endTime: '13:30' },
          { date: day, startTime: '15:30', endTime: '16:30' },
          { date: day, startTime: '12:00', endTime: '13:00' },
        ],
      });
      const rest = await app.http(`/api/bookings/check?${new URLSearchParams(slot(day, '14:00', '15:00'))}`, {
        token: customer.token,
      });
      expect(rest.status).toBe(200);
      expect(rest.body.available).toBe(false);
      const full = await app.gql(CREATE, slot(day, '14:00', '15:00'), { token: customer.token });
      expect(full.errors?.[0]).toMatchObject({ message: 'This time slot is fully booked.' });
    });

    it('never double-books: 100 concurrent bookings of one slot leave exactly as many as there are stations', async () => {
      const people = await Promise.all(Array.from({ length: 100 }, () => newUser()));
      const input = slot('2026-03-12', '18:00', '20:00', 'VR');
      const results = await Promise.all(people.map((who) => app.gql(CREATE, input, { token: who.token })));
      const ok = results.filter((r) => !r.errors);
      expect(ok).toHaveLength(4);
      expect(results.filter((r) => r.errors?.[0]?.message === 'This time slot is fully booked.')).toHaveLength(96);
      const [{ overlaps }] = await app.db.query(
        `SELECT count(*)::int AS overlaps FROM bookings a JOIN bookings b
           ON a.station_id = b.station_id AND a.id < b.id AND a.period && b.period
         WHERE a.cancelled_at IS NULL AND b.cancelled_at IS NULL`,
      );
      expect(overlaps).toBe(0);
      const [{ stations }] = await app.db.query(
        `SELECT count(DISTINCT station_id)::int AS stations FROM bookings
         WHERE session_type = 'VR' AND starts_at = '2026-03-12T22:00:00Z' AND cancelled_at IS NULL`,
      );
      expect(stations).toBe(4);
    });

    it('lets the same user book the same slot only once, even in parallel', async () => {
      const who = await newUser();
      const input = slot('2026-03-13', '12:00', '13:00', 'PC');
      const results = await Promise.all([1, 2].map(() => app.gql(CREATE, input, { token: who.token })));
      expect(results.filter((r) => !r.errors)).toHaveLength(1);
      expect(results.find((r) => r.errors)?.errors?.[0].message).toBe('You already have a booking at this time.');
      // Two types in parallel do not share a lock: the database constraint still refuses the second.
      const other = await newUser();
      const mixed = await Promise.all(
        ['Console', 'PlayStation', 'Other', 'PC'].map((t) =>
          app.gql(CREATE, slot('2026-03-13', '15:00', '16:00', t), { token: other.token }),
        ),
      );
      // Every answer, so that a failure shows what the others were told.
      const answers = mixed.map((r) => r.errors?.[0]?.message ?? 'booked');
      expect(answers.sort()).toEqual([...Array(3).fill('You already have a booking at this time.'), 'booked']);
    });

    it('answers a confirm sent again with its creationKey with the booking it made: one booking, one mail', async () => {
      const who = await newUser();
      const rows = () => app.db.query('SELECT id FROM bookings WHERE user_id = $1', [who.user.id]);
      const key = 'form-key-0123456789abcdef';
      const input = { ...slot('2026-03-16', '12:00', '13:00', 'PC'), creationKey: key };
      const first = await app.gql<{ createBooking: Row }>(KEYED, input, { token: who.token });
      expect(first.errors).toBeUndefined();
      // Sent again, at once and later: the booking made.
      const again = await Promise.all(
        [input, input].map((v) => app.gql<{ createBooking: Row }>(KEYED, v, { token: who.token })),
      );
      for (const res of again) expect(res.data?.createBooking).toEqual(first.data!.createBooking);
      // Sent again for another type or time (changed after the failure): refused, not answered as if that were booked.
      const changed = await Promise.all(
        [
          { ...input, sessionType: 'VR' },
          { ...input, startTime: '14:00', endTime: '15:00' },
        ].map((v) => app.gql(KEYED, v, { token: who.token })),
      );
      for (const res of changed)
        expect(res.errors?.[0]).toMatchObject({
          message: BOOKING_MESSAGES.keyedOtherwise,
          extensions: { code: 'CONFLICT', field: 'creationKey' },
        });
      expect(await rows()).toEqual([{ id: first.data!.createBooking.id }]);
      await waitForMail(app, (m) => m.to === who.user.email);
      await new Promise((resolve) => setTimeout(resolve, 200)); // a second mail would be on its way by now
      expect(readMailbox(app.deps.config.dataDir).filter((m) => m.to === who.user.email)).toHaveLength(1);
      // The key is the customer's own: another customer's booking with it is theirs.
      const other = await newUser();
      const theirs = await app.gql<{ createBooking: Row }>(KEYED, input, { token: other.token });
      expect(theirs.data?.createBooking.id).not.toBe(first.data!.createBooking.id);
      // Without the key, a second booking at the same time is still refused.
      const plain = await app.gql(CREATE, slot('2026-03-16', '12:00', '13:00', 'PC'), { token: who.token });
      expect(plain.errors?.[0].message).toBe('You already have a booking at this time.');
      // Cancelled since: not confirmed again, nor booked afresh.
      await app.gql(CANCEL, { id: first.data!.createBooking.id }, { token: who.token });
      const afterCancel = await app.gql(KEYED, input, { token: who.token });
      expect(afterCancel.errors?.[0]).toMatchObject({
        message: BOOKING_MESSAGES.keyedCancelled,
        extensions: { code: 'CONFLICT' },
      });
      expect(await rows()).toEqual([{ id: first.data!.createBooking.id }]);
      const bad = await app.gql(KEYED, { ...input, creationKey: 'no' }, { token: who.token });
      expect(bad.errors?.[0]).toMatchObject({ message: CREATION_KEY_MESSAGE, extensions: { code: 'BAD_USER_INPUT' } });
    });

    it('makes one booking when the same keyed confirm arrives under five session types at once, and refuses the rest', async () => {
      const who = await newUser();
      const creationKey = 'form-key-race-0123456789';
      const answers = await Promise.all(
        ['Console', 'PlayStation', 'Other', 'PC', 'VR'].map((type) =>
          app.gql<{ createBooking: Row }>(
            KEYED,
            { ...slot('2026-03-17', '12:00', '13:00', type), creationKey },
            { token: who.token },
          ),
        ),
      );
      // One is booked; the others, for other session types, are refused whichever way they met it (the key looked
      // up, the customer's overlap, the key's unique index).
      expect(answers.filter((res) => res.data?.createBooking)).toHaveLength(1);
      for (const res of answers.filter((res) => res.errors))
        expect(res.errors?.[0]).toMatchObject({ message: BOOKING_MESSAGES.keyedOtherwise });
      expect(await app.db.query('SELECT count(*)::int AS n FROM bookings WHERE user_id = $1', [who.user.id])).toEqual([
        { n: 1 },
      ]);
    });

    it('books once when PostgreSQL rolls the booking back to break a deadlock: one booking, one mail', async () => {
      const who = await newUser();
      const input = slot('2026-03-13', '19:00', '20:00', 'VR');
      // The test holds the customer's row, which the booking's insert waits for (its reference to the customer) once it
      // holds the lock that station picking takes turns on; then the test asks for that lock too.
      const test = app.db.createQueryRunner();
      await test.connect();
      await test.startTransaction();
      let booking: ReturnType<typeof book>;
      try {
        await test.query(`SET LOCAL deadlock_timeout = '20s'`);
        await test.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [who.user.id]);
        booking = book(who, input);
        await waitForLockWaiter(app.db, test);
        await test.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [BOOKING_LOCK, 'VR']); // once it rolled back
      } finally {
        await test.rollbackTransaction();
        await test.release();
      }
      const row = await booking;
      expect(row).toMatchObject({ date: '2026-03-13', startTime: '19:00', status: 'upcoming' });
      expect(await app.db.query('SELECT id FROM bookings WHERE user_id = $1', [who.user.id])).toEqual([{ id: row.id }]);
      await waitForMail(app, (m) => m.to === who.user.email);
      expect(readMailbox(app.deps.config.dataDir).filter((m) => m.to === who.user.email)).toHaveLength(1);
    });

    it('frees the slot again when a booking is cancelled', async () => {
      const input = slot('2026-03-14', '10:00', '11:00', 'Console');
      const rows = [];
      for (let i = 0; i < 4; i++) rows.push([await newUser(), null] as const);
      const booked = [];
      for (const [who] of rows) booked.push({ who, row: await book(who, input) });
      const late = await newUser();
      expect((await app.gql(CREATE, input, { token: late.token })).errors?.[0].message).toBe(
        'This time slot is fully booked.',
      );
      const cancelled = await app.gql<{ cancelBooking: Row }>(
        CANCEL,
        { id: booked[0].row.id },
        { token: booked[0].who.token },
      );
      expect(cancelled.data?.cancelBooking.status).toBe('cancelled');
      await book(late, input);
    });
  });

  describe('cancel and delete', () => {
    it('lets the owner cancel an upcoming booking, not someone else', async () => {
      const owner = await newUser();
      const row = await book(owner, slot('2026-03-16', '12:00', '13:00'));
      const stranger = await newUser();
      const denied = await app.gql(CANCEL, { id: row.id }, { token: stranger.token });
      expect(denied.errors?.[0]).toMatchObject({
        message: 'You can only cancel your own bookings.',
        extensions: { code: 'FORBIDDEN' },
      });
      const deniedRest = await app.http(`/api/bookings/cancel/${row.id}`, { method: 'DELETE', token: stranger.token });
      expect(deniedRest.status).toBe(403);
      expect(deniedRest.body).toMatchObject({ error: 'You can only cancel your own bookings.' });
      expect(await app.db.query('SELECT cancelled_at FROM bookings WHERE id = $1', [row.id])).toEqual([
        { cancelled_at: null },
      ]);
      const missing = await app.gql(CANCEL, { id: 'not-a-uuid' }, { token: owner.token });
      expect(missing.errors?.[0]).toMatchObject({ message: 'Booking not found.', extensions: { code: 'NOT_FOUND' } });
      const ok = await app.gql<{ cancelBooking: Row }>(CANCEL, { id: row.id }, { token: owner.token });
      expect(ok.data?.cancelBooking.status).toBe('cancelled');
      const again = await app.gql(CANCEL, { id: row.id }, { token: owner.token });
      expect(again.errors?.[0]).toMatchObject({
        message: 'This booking is already cancelled.',
        extensions: { code: 'CONFLICT' },
      });
    });

    it('lets an admin cancel an upcoming booking and delete one of any status', async () => {
      const owner = await newUser();
      const row = await book(owner, slot('2026-03-17', '12:00', '13:00'));
      const cancelled = await app.gql<{ adminCancelBooking: Row }>(
        ADMIN_CANCEL,
        { id: row.id },
        { token: admin.token },
      );
      expect(cancelled.data?.adminCancelBooking.status).toBe('cancelled');
      const deleted = await app.gql(ADMIN_DELETE, { id: row.id }, { token: admin.token });
      expect(deleted.data?.adminDeleteBooking).toBe(row.id);
      expect(await app.db.query('SELECT 1 FROM bookings WHERE id = $1', [row.id])).toHaveLength(0);
      const gone = await app.gql(ADMIN_DELETE, { id: row.id }, { token: admin.token });
      expect(gone.errors?.[0].extensions?.code).toBe('NOT_FOUND');

      // Under way or over: an admin cannot cancel it either, but deletes it
      const [playing, played] = [
        await book(owner, slot('2026-03-19', '12:00', '13:00')),
        await book(owner, slot('2026-03-20', '12:00', '13:00')),
      ];
      app.clock.set('2026-03-19T16:30:00Z'); // 12:30 in New York
      const late = await app.gql(ADMIN_CANCEL, { id: playing.id }, { token: admin.token });
      expect(late.errors?.[0]).toMatchObject({
        message: BOOKING_MESSAGES.notUpcoming,
        extensions: { code: 'CONFLICT' },
      });
      const lateRest = await app.http(`/api/bookings/admin/cancel/${playing.id}`, {
        method: 'DELETE',
        token: admin.token,
      });
      expect(lateRest).toMatchObject({ status: 409, body: { message: BOOKING_MESSAGES.notUpcoming } });
      expect((await app.db.query('SELECT cancelled_at FROM bookings WHERE id = $1', [playing.id]))[0]).toEqual({
        cancelled_at: null,
      });
      const deleteNow = async (id: string) =>
        expect(
          await app.http(`/api/bookings/admin/delete/${id}`, { method: 'DELETE', token: admin.token }),
        ).toMatchObject({
          status: 200,
          body: { message: 'Booking deleted.', booking: { _id: id } },
        });
      await deleteNow(playing.id); // in progress
      app.clock.set('2026-03-21T12:00:00Z');
      await deleteNow(played.id); // completed
      expect(await app.db.query('SELECT 1 FROM bookings WHERE id = ANY($1)', [[playing.id, played.id]])).toEqual([]);
    });

    it('tells the customer by e-mail when the venue cancels or deletes their upcoming session, and not otherwise', async () => {
      const owner = await newUser({ username: `<b>Zoë</b> ${Date.now()}` });
      const mailsTo = (to: string) => readMailbox(app.deps.config.dataDir).filter((m) => m.to === to);
      const calledOff = (to: string) => mailsTo(to).filter((m) => / was cancelled$/.test(m.subject));
      const [cancelled, deleted, ownCancel, past] = [
        await book(owner, slot('2026-03-23', '12:00', '13:00', 'Console')),
        await book(owner, slot('2026-03-24', '18:30', '20:00')),
        await book(owner, slot('2026-03-25', '12:00', '13:00')),
        await book(owner, slot('2026-03-26', '12:00', '13:00')),
      ];
      const adminsOwn = await book(admin, slot('2026-03-27', '12:00', '13:00'));

      await app.gql(ADMIN_CANCEL, { id: cancelled.id }, { token: admin.token });
      const mail = await waitForMail(app, (m) => m.to === owner.user.email && / was cancelled$/.test(m.subject));
      expect(mail.subject).toBe('Your Console session on 2026-03-23 was cancelled');
      expect(mail.text).toContain(`Hi ${owner.user.username},`);
      expect(mail.html).toContain(`<p>Hi &lt;b&gt;Zoë&lt;/b&gt; `);
      expect(mail.html).not.toContain('<b>');
      expect(mail.text).toContain('had to cancel your Console session on 2026-03-23 from 12:00 to 13:00');

      const restDelete = await app.http(`/api/bookings/admin/delete/${deleted.id}`, {
        method: 'DELETE',
        token: admin.token,
      });
      expect(restDelete.status).toBe(200);
      await waitForMail(app, (m) => m.subject === 'Your VR session on 2026-03-24 was cancelled');

      // Not told again: their own cancel, a record deleted once cancelled or once played, an admin's own booking.
      await app.gql(CANCEL, { id: ownCancel.id }, { token: owner.token });
      await app.gql(ADMIN_DELETE, { id: ownCancel.id }, { token: admin.token });
      await app.gql(ADMIN_DELETE, { id: cancelled.id }, { token: admin.token });
      app.clock.set('2026-03-27T12:00:00Z');
      await app.gql(ADMIN_DELETE, { id: past.id }, { token: admin.token });
      app.clock.set(NOW);
      await app.gql(ADMIN_CANCEL, { id: adminsOwn.id }, { token: admin.token });
      await app.deps.mailer.settled();
      expect(calledOff(owner.user.email).map((m) => m.subject)).toEqual(
        expect.arrayContaining([
          'Your Console session on 2026-03-23 was cancelled',
          'Your VR session on 2026-03-24 was cancelled',
        ]),
      );
      expect(calledOff(owner.user.email)).toHaveLength(2);
      expect(calledOff(admin.user.email)).toHaveLength(0);
    });

    it('says a booking was deleted to only one of two admins deleting it at once', async () => {
      const row = await book(await newUser(), slot('2026-03-18', '12:00', '13:00'));
      // Both deletes reach the row while the test holds it, then meet it one after the other.
      const holder = app.db.createQueryRunner();
      await holder.connect();
      await holder.startTransaction();
      let answers: [{ status: number }, { errors?: { extensions?: { code?: unknown } }[] }];
      try {
        await holder.query('SELECT 1 FROM bookings WHERE id = $1 FOR UPDATE', [row.id]);
        const both = Promise.all([
          app.http(`/api/bookings/admin/delete/${row.id}`, { method: 'DELETE', token: admin.token }),
          app.gql(ADMIN_DELETE, { id: row.id }, { token: admin.token }),
        ]);
        await waitForLockWaiters(app.db, 2);
        await holder.rollbackTransaction();
        answers = await both;
      } finally {
        await holder.release();
      }
      const [rest, graphql] = answers;
      const outcomes = [rest.status, graphql.errors?.[0].extensions?.code ?? 'deleted'];
      expect([
        [200, 'NOT_FOUND'],
        [404, 'deleted'],
      ]).toContainEqual(outcomes);
    });
  });

  describe('admin list', () => {
    const ids: Record<string, string> = {};
    const list = async (variables: Record<string, unknown>) => {
      const res = await app.gql<{ bookings: { total: number; items: (Row & { user: { username: string } })[] } }>(
        ALL,
        variables,
        { token: admin.token },
      );
      expect(res.errors).toBeUndefined();
      return res.data!.bookings;
    };
    const names = (items: { user: { username: string } }[]) => items.map((b) => b.user.username.slice(-1)).join('');

    beforeAll(async () => {
      const setup: [string, string, ReturnType<typeof slot>][] = [
        ['a', 'c', slot('2026-03-19', '20:00', '24:00', 'VR')],
        ['b', 'b', slot('2026-03-21', '10:00', '11:00', 'Console')],
        ['c', 'a', slot('2026-03-20', '12:00', '12:30', 'PC')],
        ['d', 'e', slot('2026-03-02', '11:00', '12:00', 'Other')],
        ['e', 'd', slot('2026-03-02', '11:30', '13:00', 'PlayStation')],
      ];
      for (const [name, mail, input] of setup) {
        const who = await newUser({ username: `sorty_${name}`, email: `${mail}_sorty@example.com` });
        ids[name] = (await book(who, input)).id;
      }
      await app.gql(ADMIN_CANCEL, { id: ids.b }, { token: admin.token });
    });
    // 12:00 in New York: d is over, e is running.
    beforeEach(() => app.clock.set('2026-03-02T17:00:00Z'));

    it.each([
      ['username', 'abcde'],
      ['email', 'cbaed'],
      ['date', 'deacb'],
      ['startTime', 'bdeca'],
      ['endTime', 'bdcea'],
      ['sessionType', 'bdcea'],
      ['status', 'bdeac'],
    ])('sorts by %s both ways', async (sortBy, ascending) => {
      const asc = await list({ search: 'sorty', sortBy, sortDirection: 'ASC', pageSize: 10 });
      expect(names(asc.items)).toBe(ascending);
      const desc = await list({ search: 'sorty', sortBy, sortDirection: 'DESC', pageSize: 10 });
      expect(names(desc.items)).toBe([...ascending].reverse().join(''));
    });

    it('filters by status and searches username, e-mail and session type', async () => {
      const upcoming = await list({ search: 'sorty', status: ['upcoming'], sortBy: 'username', sortDirection: 'ASC' });
      expect([upcoming.total, names(upcoming.items)]).toEqual([2, 'ac']);
      const past = await list({
        search: 'SORTY',
        status: ['completed', 'cancelled'],
        sortBy: 'username',
        sortDirection: 'ASC',
      });
      expect([past.total, names(past.items)]).toEqual([2, 'bd']);
      expect(names((await list({ search: 'sorty_b' })).items)).toBe('b');
      expect(names((await list({ search: 'e_sorty@' })).items)).toBe('d');
      const playstation = await list({ search: 'playSTATION', pageSize: 100 });
      expect(playstation.items.map((b) => b.id)).toContain(ids.e);
      expect(new Set(playstation.items.map((b) => b.sessionType))).toEqual(new Set(['PlayStation']));
      expect((await list({ search: '%' })).total).toBe(0);
      expect((await list({ search: "_'\\" })).total).toBe(0);
    });

    it('REST: filters by one status or several, repeated or comma-separated; all is no filter', async () => {
      const rest = async (query: string) => {
        const res = await app.http(`/api/bookings/all?search=sorty&sortBy=username&sortDirection=asc&${query}`, {
          token: admin.token,
        });
        expect([query, res.status]).toEqual([query, 200]);
        return (res.body as { user: { username: string } }[]).map((b) => b.user.username.slice(-1)).join('');
      };
      expect(await rest('status=upcoming')).toBe('ac');
      expect(await rest('status=completed&status=cancelled')).toBe('bd');
      expect(await rest('status=completed,%20cancelled')).toBe('bd');
      expect(await rest('status=inprogress&status=upcoming')).toBe('ace');
      expect(await rest('status=Upcoming,COMPLETED')).toBe('acd'); // in any case, as the orders list reads its status
      expect(await rest('status=all')).toBe('abcde');
      expect(await rest('status=All')).toBe('abcde');
      expect(await rest('status=')).toBe('abcde');
      const unknown = await app.http('/api/bookings/all?status=upcoming&status=nope', { token: admin.token });
      expect([unknown.status, unknown.body.error]).toEqual([400, 'Unknown booking status.']);
    });

    it('pages, 5 per page from page 1 by default', async () => {
      const first = await list({ search: 'sorty', sortBy: 'username', sortDirection: 'ASC', pageSize: 2 });
      expect([first.total, names(first.items)]).toEqual([5, 'ab']);
      const third = await list({ search: 'sorty', sortBy: 'username', sortDirection: 'ASC', pageSize: 2, page: 3 });
      expect(names(third.items)).toBe('e');
      expect((await list({ search: 'sorty', pageSize: 2, page: 4 })).items).toEqual([]);
      const byDefault = await app.gql<{ bookings: { page: number; pageSize: number; items: unknown[] } }>(
        '{ bookings { page pageSize items { id } } }',
        {},
        { token: admin.token },
      );
      expect(byDefault.data?.bookings).toMatchObject({ page: 1, pageSize: 5 });
      expect(byDefault.data?.bookings.items).toHaveLength(5);
      const bad = await app.gql(ALL, { pageSize: 0 }, { token: admin.token });
      expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    });

    it('REST: every booking without a limit, pages with one, and refuses bad paging as GraphQL does', async () => {
      const rest = (query: string) =>
        app.http(`/api/bookings/all?search=sorty&sortBy=username&sortDirection=asc&${query}`, { token: admin.token });
      const names = (res: { body: unknown }) =>
        (res.body as { user: { username: string } }[]).map((b) => b.user.username.slice(-1)).join('');
      expect(names(await rest(''))).toBe('abcde');
      expect(names(await rest('page=3'))).toBe('abcde'); // no limit: the clients page in the browser
      expect(names(await rest('limit=2&page=2'))).toBe('cd');
      expect(names(await rest('limit=2&page=9'))).toBe('');
      for (const [query, message] of [
        ['page=-1&limit=2', 'Page must be 1 or more.'],
        ['page=abc', 'Page must be a whole number.'],
        ['page=1e9&limit=2', 'Page must be at most 1000000.'],
        ['page=99999999&limit=2', 'Page must be at most 1000000.'],
        ['limit=abc', 'Page size must be between 1 and 100.'],
        ['limit=0', 'Page size must be between 1 and 100.'],
      ]) {
        const res = await rest(query);
        expect([query, res.status, res.body.message]).toEqual([query, 400, message]);
      }
      expect((await app.http('/api/bookings/all?page=-1')).status).toBe(401); // who asks, before what is asked
    });

    it('answers any page size in at most 4 SQL statements, users and stations included', async () => {
      const counts = [];
      for (const pageSize of [2, 5, 100]) {
        app.queries.reset();
        const page = await list({ pageSize, sortBy: 'status' });
        expect(page.items.length).toBe(Math.min(pageSize, page.total));
        counts.push(app.queries.count);
      }
      expect(Math.max(...counts)).toBeLessThanOrEqual(4);
      expect(new Set(counts).size).toBe(1);
    });
  });

  describe('who may do what', () => {
    const SLOT_VARS = slot('2026-03-23', '12:00', '13:00');
    const ID = { id: '00000000-0000-4000-8000-000000000000' };
    const operations: [string, string, Record<string, unknown>, boolean][] = [
      ['checkAvailability', CHECK, SLOT_VARS, false],
      ['createBooking', CREATE, SLOT_VARS, false],
      ['myBookings', MINE, {}, false],
      ['cancelBooking', CANCEL, ID, false],
      ['bookings', ALL, {}, true],
      ['adminCancelBooking', ADMIN_CANCEL, ID, true],
      ['adminDeleteBooking', ADMIN_DELETE, ID, true],
      ['stations', '{ stations { id } }', {}, true],
      ['addStation', 'mutation { addStation(sessionType: PlayStation, name: "PlayStation X") { id } }', {}, true],
      ['renameStation', `mutation { renameStation(id: "${ID.id}", name: "n") { id } }`, {}, true],
      ['setStationActive', `mutation { setStationActive(id: "${ID.id}", active: false) { id } }`, {}, true],
    ];

    it.each(operations)(
      '%s: guests are refused, customers only where not admin-only',
      async (_name, op, vars, adminOnly) => {
        const guest = await app.gql(op, vars);
        expect(guest.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
        const asCustomer = await app.gql(op, vars, { token: customer.token });
        const code = String(asCustomer.errors?.[0].extensions?.code ?? 'none');
        if (adminOnly) expect(code).toBe('FORBIDDEN');
        else expect(code).not.toMatch(/UNAUTHENTICATED|FORBIDDEN/);
        if (adminOnly) {
          const asAdmin = await app.gql(op, vars, { token: admin.token });
          expect(String(asAdmin.errors?.[0].extensions?.code ?? 'none')).not.toMatch(/UNAUTHENTICATED|FORBIDDEN/);
        }
      },
    );

    it('REST: 401 for guests everywhere, 403 for customers on admin routes, { error } bodies', async () => {
      const routes: [string, string, boolean][] = [
        ['GET', `/api/bookings/check?${new URLSearchParams(SLOT_VARS)}`, false],
        ['POST', '/api/bookings', false],
        ['GET', '/api/bookings', false],
        ['DELETE', `/api/bookings/cancel/${ID.id}`, false],
        ['GET', `/api/bookings/${ID.id}/ics`, false],
        ['GET', '/api/bookings/all', true],
        ['DELETE', `/api/bookings/admin/cancel/${ID.id}`, true],
        ['DELETE', `/api/bookings/admin/delete/${ID.id}`, true],
      ];
      for (const [method, path, adminOnly] of routes) {
        const guest = await app.http(path, { method, json: method === 'POST' ? SLOT_VARS : undefined });
        expect([path, guest.status]).toEqual([path, 401]);
        expect(guest.body.error).toBe(guest.body.message);
        const asCustomer = await app.http(path, {
          method,
          token: customer.token,
          json: method === 'POST' ? {} : undefined,
        });
        if (adminOnly) expect([path, asCustomer.status]).toEqual([path, 403]);
        else expect([path, asCustomer.status]).not.toEqual([path, 403]);
        if (adminOnly) {
          const asAdmin = await app.http(path, { method, token: admin.token });
          expect([path, asAdmin.status]).not.toEqual([path, 403]);
        }
      }
      const malformed = await app.http('/api/bookings/admin/delete/xyz', { method: 'DELETE', token: admin.token });
      expect(malformed.status).toBe(404);
    });

    it('REST: a guest is told 401 before anything about what was sent, on check as on create', async () => {
      for (const [method, path] of [
        ['GET', '/api/bookings/check'],
        ['GET', '/api/bookings/check?date=x&sessionType=xx'],
        ['POST', '/api/bookings'],
      ]) {
        for (const token of [undefined, 'not-a-token']) {
          const res = await app.http(path, { method, token, json: method === 'POST' ? { date: 'x' } : undefined });
          expect([path, token, res.status, res.body.code]).toEqual([path, token, 401, 'UNAUTHENTICATED']);
        }
      }
    });
  });

  describe('REST shims', () => {
    it('speak the spec shapes, from booking to delete', async () => {
      const who = await newUser();
      const input = slot('2026-03-24', '15:00', '16:30', 'PC');
      const check = await app.http(`/api/bookings/check?${new URLSearchParams(input)}`, { token: who.token });
      expect(check.status).toBe(200);
      expect(check.body).toMatchObject({ available: true, freeStations: 8 });

      const created = await app.http('/api/bookings', {
        method: 'POST',
        json: { ...input, _id: 'x', __v: 0 },
        token: who.token,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        success: true,
        booking: { date: '2026-03-24', startTime: '15:00', endTime: '16:30', sessionType: 'PC', status: 'upcoming' },
      });
      const id = created.body.booking._id;
      expect(typeof id).toBe('string');

      const mine = await app.http('/api/bookings', { token: who.token });
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual([
        expect.objectContaining({
          _id: id,
          date: '2026-03-24',
          startTime: '15:00',
          endTime: '16:30',
          sessionType: 'PC',
          status: 'upcoming',
        }),
      ]);

      const all = await app.http('/api/bookings/all', { token: admin.token });
      expect(Array.isArray(all.body)).toBe(true);
      expect(all.body.find((b: { _id: string }) => b._id === id)).toMatchObject({
        _id: id,
        status: 'upcoming',
        user: { _id: who.user.id, username: who.user.username, email: who.user.email },
      });

      const cancelled = await app.http(`/api/bookings/cancel/${id}`, { method: 'DELETE', token: who.token });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({
        message: 'Booking cancelled.',
        booking: { _id: id, status: 'cancelled' },
      });
      // A cancelled booking no longer counts against availability.
      const freed = await app.http(`/api/bookings/check?${new URLSearchParams(input)}`, { token: who.token });
      expect(freed.body).toMatchObject({ available: true, freeStations: 8 });
      const again = await app.http(`/api/bookings/admin/cancel/${id}`, { method: 'DELETE', token: admin.token });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('This booking is already cancelled.');

      const other = await app.http('/api/bookings', { method: 'POST', json: input, token: who.token });
      const otherId = other.body.booking._id;
      const adminCancel = await app.http(`/api/bookings/admin/cancel/${otherId}`, {
        method: 'DELETE',
        token: admin.token,
      });
      expect(adminCancel.body).toMatchObject({ booking: { _id: otherId, status: 'cancelled' } });
      const deleted = await app.http(`/api/bookings/admin/delete/${otherId}`, { method: 'DELETE', token: admin.token });
      expect(deleted.status).toBe(200);
      expect(deleted.body.message).toBe('Booking deleted.');
      expect((await app.http('/api/bookings', { token: who.token })).body.map((b: { _id: string }) => b._id)).toEqual([
        id,
      ]);
    });

    it('serves the .ics to the owner and admins, and mails it on booking', async () => {
      const who = await newUser();
      app.clock.set('2026-10-20T12:00:00Z'); // the fall change day, within the booking horizon
      const created = await app.http('/api/bookings', {
        method: 'POST',
        json: slot('2026-11-01', '22:00', '24:00', 'Console'),
        token: who.token,
      });
      const id = created.body.booking._id;
      for (const token of [who.token, admin.token]) {
        const ics = await app.http(`/api/bookings/${id}/ics`, { token });
        expect(ics.status).toBe(200);
        expect(ics.headers.get('content-type')).toMatch(/text\/calendar/);
        const unfolded = String(ics.body).replace(/\r?\n[ \t]/g, '');
        expect(unfolded).toMatch(/BEGIN:VCALENDAR[\s\S]*BEGIN:VEVENT[\s\S]*END:VEVENT[\s\S]*END:VCALENDAR/);
        // 22:00 to midnight in New York the day the clocks fall back: 03:00 to 05:00 UTC.
        expect(unfolded).toMatch(/^DTSTART:20261102T030000Z\r?$/m);
        expect(unfolded).toMatch(/^DTEND:20261102T050000Z\r?$/m);
        expect(unfolded).toMatch(new RegExp(`^UID:${id}@checkpoint`, 'm'));
      }
      const stranger = await newUser();
      expect((await app.http(`/api/bookings/${id}/ics`, { token: stranger.token })).status).toBe(403);

      const mail = await waitForMail(app, (m) => m.to === who.user.email);
      expect(readMailbox(app.deps.config.dataDir).filter((m) => m.to === who.user.email)).toHaveLength(1);
      expect(mail.subject).toBe('Your Console session on 2026-11-01 is booked');
      expect(rawMail(app, mail)).toMatch(/booking\.ics/);
      expect(rawMail(app, mail)).toMatch(/text\/calendar/);
    });
  });

  describe('stations (admin)', () => {
    const freeOther = async () =>
      (
        await app.gql<{ checkAvailability: { freeStations: number } }>(
          CHECK,
          slot('2026-03-25', '12:00', '13:00', 'Other'),
          {
            token: customer.token,
          },
        )
      ).data!.checkAvailability.freeStations;

    it('says no station of a type is in service when all are switched off, rather than that the slot is booked up', async () => {
      const { stations } = (
        await app.gql<{ stations: { id: string }[] }>(
          '{ stations(sessionType: PlayStation) { id } }',
          {},
          { token: admin.token },
        )
      ).data!;
      const setAll = (active: boolean) =>
        Promise.all(
          stations.map(({ id }) =>
            app.gql(`mutation { setStationActive(id: "${id}", active: ${active}) { id } }`, {}, { token: admin.token }),
          ),
        );
      const input = slot('2026-03-26', '12:00', '13:00', 'PlayStation');
      await setAll(false);
      try {
        const check = await app.gql<{ checkAvailability: { available: boolean; reason: string } }>(CHECK, input, {
          token: customer.token,
        });
        expect(check.data?.checkAvailability).toMatchObject({
          available: false,
          reason: 'No PlayStation station is in service at the moment.',
        });
        const booked = await app.gql(CREATE, input, { token: customer.token });
        expect(booked.errors?.[0].message).toBe('No PlayStation station is in service at the moment.');
      } finally {
        await setAll(true);
      }
      expect((await app.gql(CHECK, input, { token: customer.token })).data).toMatchObject({
        checkAvailability: { available: true },
      });
    });

    it('adds, renames and deactivates stations, which availability follows', async () => {
      expect(await freeOther()).toBe(4);
      const added = await app.gql<{ addStation: { id: string; name: string; active: boolean } }>(
        'mutation { addStation(sessionType: Other, name: "Retro Arcade") { id name active sessionType } }',
        {},
        { token: admin.token },
      );
      expect(added.data?.addStation).toMatchObject({ name: 'Retro Arcade', active: true });
      expect(await freeOther()).toBe(5);
      const id = added.data!.addStation.id;
      const duplicate = await app.gql(
        'mutation { addStation(sessionType: VR, name: "retro arcade") { id } }',
        {},
        { token: admin.token },
      );
      expect(duplicate.errors?.[0]).toMatchObject({ message: 'A station with this name already exists.' });
      // nor one that reads the same: spaces run together, a no-break space
      for (const alike of ['Retro  Arcade', 'Retro\u00a0Arcade']) {
        const same = await app.gql(
          'mutation($name: String!) { addStation(sessionType: VR, name: $name) { id } }',
          {
            name: alike,
          },
          { token: admin.token },
        );
        expect(same.errors?.[0]).toMatchObject({ message: 'A station with this name already exists.' });
      }
      for (const blank of ['', '   ']) {
        const unnamed = await app.gql(
          `mutation { addStation(sessionType: Other, name: "${blank}") { id } }`,
          {},
          { token: admin.token },
        );
        expect(unnamed.errors?.[0]).toMatchObject({ message: 'A station name has 1 to 60 characters.' });
        const renamedBlank = await app.gql(
          `mutation { renameStation(id: "${id}", name: "${blank}") { name } }`,
          {},
          { token: admin.token },
        );
        expect(renamedBlank.errors?.[0]).toMatchObject({ message: 'A station name has 1 to 60 characters.' });
      }
      const renamed = await app.gql<{ renameStation: { name: string } }>(
        `mutation { renameStation(id: "${id}", name: "Pinball") { name } }`,
        {},
        { token: admin.token },
      );
      expect(renamed.data?.renameStation.name).toBe('Pinball');
      await app.gql(`mutation { setStationActive(id: "${id}", active: false) { id } }`, {}, { token: admin.token });
      expect(await freeOther()).toBe(4);
      const listed = await app.gql<{ stations: { name: string; active: boolean }[] }>(
        '{ stations(sessionType: Other) { name active } }',
        {},
        { token: admin.token },
      );
      expect(listed.data?.stations).toContainEqual({ name: 'Pinball', active: false });
      expect(listed.data?.stations).toHaveLength(5);
    });

    it('a switch-off waits for a booking of its session type being made, so none lands on a station switched off', async () => {
      const added = await app.gql<{ addStation: { id: string } }>(
        'mutation { addStation(sessionType: Other, name: "Waits its turn") { id } }',
        {},
        { token: admin.token },
      );
      const id = added.data!.addStation.id;
      // a booking of Other between picking a station and booking it holds the session type's lock
      const booking = app.db.createQueryRunner();
      await booking.connect();
      await booking.startTransaction();
      try {
        await booking.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [BOOKING_LOCK, 'Other']);
        const switched = app.gql(
          `mutation { setStationActive(id: "${id}", active: false) { active } }`,
          {},
          {
            token: admin.token,
          },
        );
        await waitForLockWaiter(app.db, booking);
        expect((await app.db.query('SELECT active FROM stations WHERE id = $1', [id])) as unknown[]).toEqual([
          { active: true },
        ]);
        await booking.commitTransaction();
        expect((await switched).data).toEqual({ setStationActive: { active: false } });
      } finally {
        if (booking.isTransactionActive) await booking.rollbackTransaction();
        await booking.release();
      }
    });

    it('a rename racing a switch-off keeps both: neither writes back the column the other changed', async () => {
      for (let round = 0; round < 25; round++) {
        const added = await app.gql<{ addStation: { id: string } }>(
          `mutation { addStation(sessionType: Other, name: "Race ${round}") { id } }`,
          {},
          { token: admin.token },
        );
        const id = added.data!.addStation.id;
        const results = await Promise.all([
          app.gql(`mutation { renameStation(id: "${id}", name: "Raced ${round}") { id } }`, {}, { token: admin.token }),
          app.gql(`mutation { setStationActive(id: "${id}", active: false) { id } }`, {}, { token: admin.token }),
        ]);
        for (const res of results) expect(res.errors).toBeUndefined();
        const rows: unknown[] = await app.db.query('SELECT name, active FROM stations WHERE id = $1', [id]);
        expect(rows).toEqual([{ name: `Raced ${round}`, active: false }]);
      }
    });
  });
});

describe('booking confirmation over SMTP', () => {
  it('answers the booking while the mail server still holds the confirmation, which arrives after', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const delivered: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          void held.then(() => {
            delivered.push(...session.envelope.rcptTo.map((r) => r.address));
            callback();
          });
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const mailApp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      mailApp.clock.set(NOW);
      const who = await createUser(mailApp.db, mailApp.deps.jwtSecret);
      const res = await mailApp.http('/api/bookings', {
        method: 'POST',
        json: slot('2026-03-03', '12:00', '13:00'),
        token: who.token,
      });
      expect(res.status).toBe(201);
      expect(delivered).toEqual([]); // the server has not accepted the mail yet, and the booking is answered
      release();
      for (let tries = 0; tries < 100 && delivered.length === 0; tries++) await new Promise((r) => setTimeout(r, 50));
      expect(delivered).toEqual([who.user.email]);
    } finally {
      release();
      await mailApp.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('GET /api/bookings/all, whose JSON PostgreSQL builds', () => {
  // A zone with daylight saving (the default) and one with a 45-minute offset and none.
  for (const zone of ['America/New_York', 'Asia/Kathmandu']) {
    it(`answers each booking as restBooking would, in ${zone}: clock changes, midnight, cancelled, microseconds`, async () => {
      const app = await createTestApp({ VENUE_TIMEZONE: zone });
      try {
        app.clock.set('2026-11-01T12:00:00Z');
        const admin = await createAdmin(app.db, app.deps.jwtSecret);
        const people = [await createUser(app.db, app.deps.jwtSecret), await createUser(app.db, app.deps.jwtSecret)];
        const [station] = (await app.db.query(`SELECT id FROM stations WHERE session_type = 'PC' LIMIT 1`)) as {
          id: string;
        }[];
        // Instants around both clock changes of 2026 in New York, a local midnight end, ones long past and to come,
        // and timestamps with microseconds (a Date keeps milliseconds, cut).
        const spans: [string, string, string | null][] = [
          ['2026-03-08T06:30:00Z', '2026-03-08T07:30:00Z', null],
          ['2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z', null],
          ['2026-11-01T06:30:00Z', '2026-11-01T07:00:00Z', '2026-10-30T10:00:00.123999Z'],
          ['2026-11-01T11:30:00Z', '2026-11-01T12:30:00Z', null],
          ['2026-12-02T04:00:00Z', '2026-12-02T05:00:00Z', null],
          ['2026-12-01T18:15:00Z', '2026-12-02T00:00:00Z', null],
          ['2025-02-28T23:59:59.999999Z', '2025-03-01T00:30:00Z', null],
        ];
        for (const [i, [start, end, cancelledAt]] of spans.entries()) {
          await app.db.query(
            `INSERT INTO bookings (user_id, station_id, session_type, starts_at, ends_at, cancelled_at, created_at, updated_at)
             VALUES ($1, $2, 'PC', $3, $4, $5, $6, $7)`,
            [
              people[i % 2].user.id,
              station.id,
              start,
              end,
              cancelledAt,
              `2025-01-0${i + 1}T08:00:00.99${i}999Z`,
              start,
            ],
          );
        }
        const ctx = { deps: app.deps, clock: app.clock } as unknown as Parameters<typeof restBooking>[0]; // all it reads
        const bookings = await app.db.getRepository(Booking).find();
        const users = new Map(people.map(({ user }) => [user.id, user]));
        const expected = bookings.map((b) => restBooking(ctx, b, users.get(b.userId)));

        const res = await app.http('/api/bookings/all?sortBy=date&sortDirection=asc', { token: admin.token });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(res.body).toEqual(
          [...expected].sort((a, b) => `${a.date} ${a.startTime}`.localeCompare(`${b.date} ${b.startTime}`)),
        );
        // A page of it, and an empty list
        const page = await app.http('/api/bookings/all?sortBy=date&sortDirection=asc&limit=2&page=2', {
          token: admin.token,
        });
        expect(page.body).toEqual(res.body.slice(2, 4));
        const none = await app.http('/api/bookings/all?search=nobody-at-all', { token: admin.token });
        expect(none.body).toEqual([]);
      } finally {
        await app.close();
      }
    });
  }
});
