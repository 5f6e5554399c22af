import { createEvent } from 'ics';
import type { EntityManager } from 'typeorm';
import { isUUID } from 'class-validator';
import { conflict, forbidden, notFound } from '../../common/errors';
import { escapeHtml } from '../../common/html';
import type { Mail } from '../../common/mailer';
import { EXCLUSION_VIOLATION, pgError, UNIQUE_VIOLATION } from '../../common/pg-errors';
import { requireAdmin, requireUser } from '../../graphql/auth-checker';
import type { RequestContext } from '../../graphql/context';
import { User } from '../auth/user.entity';
import { Booking } from './booking.entity';
import { BOOKING_MESSAGES, openingInstants, validateSlot, venueTimes } from './booking-time';
import type {
  AdminBookingsArgs,
  Availability,
  BookingPage,
  BookingSlotArgs,
  MyBookingsArgs,
  SlotSuggestion,
} from './booking.inputs';
import { BookingSortField, BookingStatus, SessionType, SortDirection } from './booking.types';
import { Station } from './station.entity';
import { retryingTransaction } from '../../db/retrying-transaction';
import { likePattern } from '../../common/text';

/** First key of the per-session-type advisory lock that serialises station picking. */
export const BOOKING_LOCK = 6_060_606;
const SUGGESTION_STEP_MINUTES = 30;
/** Bookings GET /api/bookings/all reads from its cursor at a time: about 400 kB of JSON. */
export const REST_JSON_BATCH = 1000;

const BOOKING_COLUMNS = `b.id, b.user_id AS "userId", b.station_id AS "stationId", b.session_type AS "sessionType",
  b.starts_at AS "startsAt", b.ends_at AS "endsAt", b.cancelled_at AS "cancelledAt",
  b.created_at AS "createdAt", b.updated_at AS "updatedAt"`;

/** The derived status in SQL, the twin of `bookingStatus()`; `now` is a bound parameter. */
const statusSql = (now: string) =>
  `(CASE WHEN b.cancelled_at IS NOT NULL THEN 'cancelled' WHEN ${now} < b.starts_at THEN 'upcoming'
    WHEN ${now} < b.ends_at THEN 'inprogress' ELSE 'completed' END)`;

/**
 * Bookings in any of `statuses` as plain conditions on the columns (what `statusSql` derives, case by case), so the
 * indexes on starts_at serve a status filter; `now` is a bound parameter.
 */
function statusFilter(nowParam: () => string, statuses: BookingStatus[]): string {
  // Bound only when a status needs it: a parameter the SQL does not use has no type PostgreSQL can tell.
  let bound: string | undefined;
  const now = () => (bound ??= nowParam());
  const when: Record<BookingStatus, () => string> = {
    [BookingStatus.cancelled]: () => 'b.cancelled_at IS NOT NULL',
    [BookingStatus.upcoming]: () => `b.cancelled_at IS NULL AND b.starts_at > ${now()}`,
    // period is [starts_at, ends_at): the exclusion constraints' gist indexes hold it for live bookings.
    [BookingStatus.inprogress]: () => `b.cancelled_at IS NULL AND b.period @> ${now()}::timestamptz`,
    [BookingStatus.completed]: () => `b.cancelled_at IS NULL AND b.ends_at <= ${now()}`,
  };
  return `(${[...new Set(statuses)].map((status) => `(${when[status]()})`).join(' OR ')})`;
}

const OVERLAPS = (start: string, end: string) =>
  `b.cancelled_at IS NULL AND b.period && tstzrange(${start}, ${end}, '[)')`;

/** List arguments; `pageSize: null` means every row (the REST lists). */
type ListArgs<T> = Partial<Omit<T, 'pageSize'>> & { pageSize?: number | null };

type Slot = { sessionType: SessionType; startsAt: Date; endsAt: Date };

/** Positional parameters for hand-written SQL: `p(value)` gives its `$n`. */
function sqlParams() {
  const values: unknown[] = [];
  const p = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  return { values, p };
}

const toBooking = (row: Record<string, unknown>) => Object.assign(new Booking(), row);

/** A station's name as kept: each run of spaces (no-break ones too) one plain space, so look-alike names are one. */
const stationName = (name: string) => name.trim().replace(/\s+/gu, ' ');

const sameSlot = (booking: Booking, slot: Slot) =>
  booking.sessionType === slot.sessionType &&
  booking.startsAt.getTime() === slot.startsAt.getTime() &&
  booking.endsAt.getTime() === slot.endsAt.getTime();

export class BookingService {
  private validate(ctx: RequestContext, args: BookingSlotArgs): Slot {
    const { startsAt, endsAt } = validateSlot(args, ctx.deps.config.venue.timeZone, ctx.clock.now());
    return { sessionType: args.sessionType, startsAt, endsAt };
  }

  /** Why no station of the type is free: all are taken, or none is in service (all switched off, for repairs say). */
  private async noneFree(db: Pick<EntityManager, 'query'>, sessionType: SessionType): Promise<string> {
    const [{ n }] = (await db.query('SELECT count(*)::int AS n FROM stations WHERE session_type = $1 AND active', [
      sessionType,
    ])) as { n: number }[];
    return n === 0 ? BOOKING_MESSAGES.noneInService(sessionType) : BOOKING_MESSAGES.fullyBooked;
  }

  private async userHasOverlap(db: EntityManager, userId: string, slot: Slot): Promise<boolean> {
    const rows = await db.query(`SELECT 1 FROM bookings b WHERE b.user_id = $1 AND ${OVERLAPS('$2', '$3')} LIMIT 1`, [
      userId,
      slot.startsAt,
      slot.endsAt,
    ]);
    return rows.length > 0;
  }

  /** Active stations of the slot's type with no active booking overlapping it. */
  private async freeStationIds(db: EntityManager, slot: Slot, limit?: number): Promise<string[]> {
    const rows: { id: string }[] = await db.query(
      `SELECT s.id FROM stations s
       WHERE s.session_type = $1 AND s.active
         AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.station_id = s.id AND ${OVERLAPS('$2', '$3')})
       ORDER BY s.name ${limit ? `LIMIT ${Number(limit)}` : ''}`,
      [slot.sessionType, slot.startsAt, slot.endsAt],
    );
    return rows.map((r) => r.id);
  }

  async checkAvailability(ctx: RequestContext, args: BookingSlotArgs): Promise<Availability> {
    const user = requireUser(ctx);
    const slot = this.validate(ctx, args);
    const db = ctx.deps.db.manager;
    if (await this.userHasOverlap(db, user.id, slot)) throw conflict(BOOKING_MESSAGES.alreadyBooked);
    const free = await this.freeStationIds(db, slot);
    if (free.length > 0) return { available: true, freeStations: free.length, reason: null, alternatives: [] };
    return {
      available: false,
      freeStations: 0,
      reason: await this.noneFree(db, slot.sessionType),
      alternatives: await this.suggestions(ctx, user.id, slot, args.date),
    };
  }

  /** Up to 3 free start times that day nearest the asked one, on the half hour, same length. */
  private async suggestions(ctx: RequestContext, userId: string, slot: Slot, date: string): Promise<SlotSuggestion[]> {
    const zone = ctx.deps.config.venue.timeZone;
    const { opens, closes } = openingInstants(date.trim(), zone);
    const length = slot.endsAt.getTime() - slot.startsAt.getTime();
    const { values, p } = sqlParams();
    const duration = `${p(`${length / 1000} seconds`)}::interval`;
    const asked = `${p(slot.startsAt)}::timestamptz`;
    const [start, end] = ['c.start', `c.start + ${duration}`];
    const rows: { start: Date }[] = await ctx.deps.db.query(
      `SELECT c.start FROM generate_series(${p(opens)}::timestamptz, ${p(new Date(closes.getTime() - length))}::timestamptz,
         interval '${SUGGESTION_STEP_MINUTES} minutes') AS c(start)
       WHERE c.start <> ${asked} AND c.start >= ${p(ctx.clock.now())}
         AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.user_id = ${p(userId)} AND ${OVERLAPS(start, end)})
         AND EXISTS (SELECT 1 FROM stations s WHERE s.session_type = ${p(slot.sessionType)} AND s.active
           AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.station_id = s.id AND ${OVERLAPS(start, end)}))
       ORDER BY abs(extract(epoch FROM c.start - ${asked})), c.start
       LIMIT 3`,
      values,
    );
    return rows.map((r) => venueTimes(r.start, new Date(r.start.getTime() + length), zone));
  }

  /**
   * Books a free station of the type. Station picking is serialised per session type by a
   * transaction-scoped advisory lock, so concurrent requests see each other's bookings; the
   * exclusion constraints stay the guarantee (and a lost race retries once on another station).
   * With a creation key the customer made a booking with already (a confirm whose answer was lost, sent again), that
   * booking is the answer and nothing is booked or mailed again; if it was cancelled since, or was for another session
   * type or time than this confirm's, the confirm is refused.
   */
  async create(ctx: RequestContext, args: BookingSlotArgs & { creationKey?: string | null }): Promise<Booking> {
    const user = requireUser(ctx);
    const slot = this.validate(ctx, args);
    const key = args.creationKey ?? null;
    const madeWithKey = async (db: Pick<EntityManager, 'query'>) => {
      if (!key) return null;
      const rows = (await db.query(
        `SELECT ${BOOKING_COLUMNS} FROM bookings b WHERE b.user_id = $1 AND b.creation_key = $2`,
        [user.id, key],
      )) as Record<string, unknown>[];
      const earlier = rows[0] ? toBooking(rows[0]) : null;
      if (earlier?.cancelledAt) throw conflict(BOOKING_MESSAGES.keyedCancelled, 'creationKey');
      // Sent again for another session or time (changed after the failure): not answered with the booking made, as if
      // the one asked for were booked.
      if (earlier && !sameSlot(earlier, slot)) throw conflict(BOOKING_MESSAGES.keyedOtherwise, 'creationKey');
      return earlier;
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const { booking, made } = await retryingTransaction(ctx, async (tx) => {
          await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [BOOKING_LOCK, slot.sessionType]);
          const earlier = await madeWithKey(tx);
          if (earlier) return { booking: earlier, made: false };
          if (await this.userHasOverlap(tx, user.id, slot)) {
            // The overlap may be this very booking, made under another session type's lock and committed since the
            // look above (each statement sees what is committed when it starts).
            const made = await madeWithKey(tx);
            if (made) return { booking: made, made: false };
            throw conflict(BOOKING_MESSAGES.alreadyBooked);
          }
          const [stationId] = await this.freeStationIds(tx, slot, 1);
          if (!stationId) throw conflict(await this.noneFree(tx, slot.sessionType));
          const rows = await tx.query(
            `INSERT INTO bookings AS b (user_id, station_id, session_type, starts_at, ends_at, creation_key)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${BOOKING_COLUMNS}`,
            [user.id, stationId, slot.sessionType, slot.startsAt, slot.endsAt, key],
          );
          return { booking: toBooking(rows[0]), made: true };
        });
        // in the background: a slow mail server never holds the booking
        if (made) ctx.deps.mailer.background(this.sendConfirmation(ctx, user, booking));
        return booking;
      } catch (err) {
        const { code, constraint } = pgError(err);
        // The same key sent again for another session type (another lock), at the same time: the first one made it.
        if (code === UNIQUE_VIOLATION && constraint === 'bookings_user_creation_key_key') {
          const made = await madeWithKey(ctx.deps.db);
          if (made) return made;
          continue; // deleted as soon as made: booked afresh
        }
        if (code !== EXCLUSION_VIOLATION) throw err;
        if (constraint === 'bookings_user_no_overlap') {
          // Overlapping itself: the same key, at the same time, under another session type's lock.
          const made = await madeWithKey(ctx.deps.db);
          if (made) return made;
          throw conflict(BOOKING_MESSAGES.alreadyBooked);
        }
      }
    }
    throw conflict(BOOKING_MESSAGES.fullyBooked);
  }

  /** After the commit; never throws, so a failed e-mail never touches the booking. */
  private sendConfirmation(ctx: RequestContext, user: User, booking: Booking): Promise<void> {
    const { venue } = ctx.deps.config;
    return this.mailAbout(ctx, user, booking, 'booking confirmation could not be prepared', ({ what, date }) => ({
      subject: `Your ${booking.sessionType} session on ${date} is booked`,
      text: `Hi ${user.username},\n\nYour ${what} at ${venue.name} is confirmed.\n${venue.address}\n\nSee you soon!`,
      html: `<p>Hi ${escapeHtml(user.username)},</p><p>Your ${escapeHtml(what)} at ${escapeHtml(venue.name)} is confirmed.</p><p>${escapeHtml(venue.address)}</p><p>See you soon!</p>`,
      attachments: [{ filename: 'booking.ics', content: this.ics(ctx, booking), contentType: 'text/calendar' }],
    }));
  }

  /**
   * Mails `user` about `booking`: `write` gets the session in words ("VR session on 2026-03-24 from 18:30 to 20:00")
   * and its venue-local day. Never throws: what fails is logged as `failure`, and the change the mail tells of stands.
   */
  private async mailAbout(
    ctx: RequestContext,
    user: User,
    booking: Booking,
    failure: string,
    write: (session: { what: string; date: string }) => Omit<Mail, 'to'>,
  ): Promise<void> {
    try {
      const { date, startTime, endTime } = venueTimes(booking.startsAt, booking.endsAt, ctx.deps.config.venue.timeZone);
      const what = `${booking.sessionType} session on ${date} from ${startTime} to ${endTime}`;
      await ctx.deps.mailer.send({ to: user.email, ...write({ what, date }) });
    } catch (err) {
      ctx.logger.error({ err, bookingId: booking.id }, failure);
    }
  }

  /** The booking as an iCalendar event, in UTC. */
  ics(ctx: RequestContext, booking: Booking): string {
    const { venue } = ctx.deps.config;
    const { error, value } = createEvent({
      uid: `${booking.id}@checkpoint`,
      productId: 'checkpoint/bookings',
      start: booking.startsAt.getTime(),
      startInputType: 'utc',
      startOutputType: 'utc',
      end: booking.endsAt.getTime(),
      endInputType: 'utc',
      endOutputType: 'utc',
      title: `${venue.name}: ${booking.sessionType} session`,
      description: `Your ${booking.sessionType} session at ${venue.name}.`,
      location: venue.address,
      status: booking.cancelledAt ? 'CANCELLED' : 'CONFIRMED',
    });
    if (error || !value) throw error ?? new Error('calendar file could not be made');
    return value;
  }

  /** The .ics of a booking, for its owner or an admin. */
  async calendarFile(ctx: RequestContext, id: string): Promise<string> {
    const user = requireUser(ctx);
    const booking = await this.find(ctx, id);
    if (booking.userId !== user.id && !user.isAdmin) throw forbidden('This is not your booking.');
    return this.ics(ctx, booking);
  }

  private async find(ctx: RequestContext, id: string): Promise<Booking> {
    if (!isUUID(id)) throw notFound('Booking not found.');
    const rows = await ctx.deps.db.query(`SELECT ${BOOKING_COLUMNS} FROM bookings b WHERE b.id = $1`, [id]);
    if (!rows[0]) throw notFound('Booking not found.');
    return toBooking(rows[0]);
  }

  /** The caller's bookings, soonest first for upcoming ones, newest first otherwise. */
  async mine(ctx: RequestContext, args: ListArgs<MyBookingsArgs>): Promise<BookingPage> {
    const user = requireUser(ctx);
    const { values, p } = sqlParams();
    const where = [`b.user_id = ${p(user.id)}`];
    const statuses = args.status ?? [];
    if (statuses.length) where.push(statusFilter(() => p(ctx.clock.now()), statuses));
    const forward = statuses.length > 0 && statuses.every((s) => s === 'upcoming' || s === 'inprogress');
    return this.page(ctx, {
      from: 'bookings b',
      where,
      values,
      p,
      orderBy: `b.starts_at ${forward ? 'ASC' : 'DESC'}, b.id`,
      page: args.page,
      pageSize: args.pageSize,
    });
  }

  /**
   * Every reservation, filtered, searched, sorted and paged in SQL. The page comes with its
   * users and stations (primed into the loaders), so the statement count never grows with it.
   */
  async all(ctx: RequestContext, args: ListArgs<AdminBookingsArgs>): Promise<BookingPage> {
    return this.page(ctx, {
      ...this.adminList(ctx, args),
      countFrom: 'bookings b',
      page: args.page,
      pageSize: args.pageSize,
      withRelations: true,
    });
  }

  /**
   * The admin list as GET /api/bookings/all answers it, each booking's JSON built by PostgreSQL: the twin of the REST
   * shim's `restBooking` with the user (a test holds the two to each other). Without a page size, every booking; with
   * one, that page. Reading 200,000 rows into objects and writing them out again took seconds; JSON text does not.
   * The bookings come from a cursor, REST_JSON_BATCH at a time, each batch handed to `write`, which answers whether to
   * go on (no, once the client has gone): the whole list as one json_agg text (38 MB for 100,000 bookings) cost the
   * gateway hundreds of MB per call. The cursor lives in a read-only transaction on one pooled connection and goes
   * with it when the transaction ends (committed, or rolled back on a failure).
   */
  async allRestJson(
    ctx: RequestContext,
    args: ListArgs<AdminBookingsArgs>,
    write: (bookings: string[]) => Promise<boolean>,
  ): Promise<void> {
    const { from, where, values, p, orderBy } = this.adminList(ctx, args);
    const limit = pageLimit(p, args.page, args.pageSize);
    const zone = p(ctx.deps.config.venue.timeZone);
    const local = (column: string, format: string) => `to_char(${column} AT TIME ZONE ${zone}, '${format}')`;
    // toISOString's form: UTC, milliseconds (cut, not rounded, as node-pg reads a timestamp into a Date)
    const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    // Not run again on a conflict: the batches already written to the client cannot be taken back.
    await ctx.deps.db.transaction(async (tx) => {
      await tx.query('SET TRANSACTION READ ONLY');
      await tx.query(
        `DECLARE rest_bookings NO SCROLL CURSOR FOR
         SELECT json_build_object(
           '_id', b.id,
           'date', ${local('b.starts_at', 'YYYY-MM-DD')},
           'startTime', ${local('b.starts_at', 'HH24:MI')},
           'endTime', ${local('b.ends_at', 'HH24:MI')},
           'sessionType', b.session_type,
           'status', ${statusSql(p(ctx.clock.now()))},
           'user', json_build_object('_id', u.id, 'username', u.username, 'email', u.email),
           'createdAt', ${iso('b.created_at')},
           'updatedAt', ${iso('b.updated_at')}
         )::text AS json
         FROM ${from} ${whereOf(where)} ORDER BY ${orderBy} ${limit}`,
        values,
      );
      for (;;) {
        const rows: { json: string }[] = await tx.query(`FETCH ${REST_JSON_BATCH} FROM rest_bookings`);
        if (rows.length > 0 && !(await write(rows.map((row) => row.json)))) return;
        if (rows.length < REST_JSON_BATCH) return;
      }
    });
  }

  /** The admin list's rows, filter and order, as SQL over `bookings b` joined to `users u`. */
  private adminList(ctx: RequestContext, args: ListArgs<AdminBookingsArgs>) {
    requireAdmin(ctx);
    // Parameters are numbered as they are used: the count query shares the WHERE part's.
    const { values, p } = sqlParams();
    const where: string[] = [];
    if (args.status?.length) where.push(statusFilter(() => p(ctx.clock.now()), args.status));
    const search = args.search?.trim();
    if (search) {
      // The people first (the users table is small), then their bookings through bookings_user_starts; a session
      // type the text is part of adds its bookings. Nothing here needs the join, so the count runs without it.
      const like = p(likePattern(search));
      const people = `b.user_id IN (SELECT id FROM users WHERE username ILIKE ${like} OR email ILIKE ${like})`;
      const types = Object.values(SessionType).filter((t) => t.toLowerCase().includes(search.toLowerCase()));
      where.push(types.length ? `(${people} OR b.session_type = ANY(${p(types)}::text[]))` : people);
    }
    const zone = () => p(ctx.deps.config.venue.timeZone);
    const sortColumns: Record<BookingSortField, () => string> = {
      username: () => 'lower(u.username)',
      email: () => 'lower(u.email)',
      date: () => 'b.starts_at',
      startTime: () => `(b.starts_at AT TIME ZONE ${zone()})::time`,
      // Minutes since the start's local midnight, so a midnight end (24:00) sorts last.
      endTime: () => {
        const z = zone();
        return `((b.ends_at AT TIME ZONE ${z}) - date_trunc('day', b.starts_at AT TIME ZONE ${z}))`;
      },
      sessionType: () => 'b.session_type',
      status: () => statusSql(p(ctx.clock.now())),
    };
    const direction = args.sortDirection === SortDirection.ASC ? 'ASC' : 'DESC';
    const sortBy = args.sortBy ?? BookingSortField.date;
    return {
      from: 'bookings b JOIN users u ON u.id = b.user_id',
      where,
      values,
      p,
      orderBy: `${sortColumns[sortBy]()} ${direction}, b.starts_at ${direction}, b.id`,
    };
  }

  private async page(
    ctx: RequestContext,
    q: {
      from: string;
      /** What the count reads, when the WHERE part needs less than `from` (a join only the page's columns use). */
      countFrom?: string;
      where: string[];
      values: unknown[];
      p: (v: unknown) => string;
      orderBy: string;
      page?: number;
      pageSize?: number | null;
      withRelations?: boolean;
    },
  ): Promise<BookingPage> {
    const db = ctx.deps.db;
    const whereSql = whereOf(q.where);
    const countValues = [...q.values];
    const page = Math.max(1, q.page ?? 1);
    const limit = pageLimit(q.p, page, q.pageSize);
    const relations = q.withRelations
      ? `, u.username AS "u_username", u.email AS "u_email", u.phone AS "u_phone", u.is_admin AS "u_isAdmin",
         u.email_confirmed_at AS "u_emailConfirmedAt", u.token_version AS "u_tokenVersion",
         u.created_at AS "u_createdAt", u.updated_at AS "u_updatedAt",
         s.name AS "s_name", s.active AS "s_active", s.created_at AS "s_createdAt", s.updated_at AS "s_updatedAt"`
      : '';
    const from = q.withRelations ? `${q.from} JOIN stations s ON s.id = b.station_id` : q.from;
    const [[{ total }], rows] = await Promise.all([
      db.query(
        `SELECT count(*)::int AS total FROM ${q.countFrom ?? q.from} ${whereSql}`,
        countValues.slice(0, usedParams(whereSql)),
      ),
      db.query(
        `SELECT ${BOOKING_COLUMNS}${relations} FROM ${from} ${whereSql} ORDER BY ${q.orderBy} ${limit}`,
        q.values,
      ),
    ]);
    const items = (rows as Record<string, unknown>[]).map((row) => {
      const own: Record<string, unknown> = {};
      const user: Record<string, unknown> = {};
      const station: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(row)) {
        if (key.startsWith('u_')) user[key.slice(2)] = value;
        else if (key.startsWith('s_')) station[key.slice(2)] = value;
        else own[key] = value;
      }
      const booking = toBooking(own);
      if (q.withRelations) {
        ctx.loaders.user.prime(booking.userId, Object.assign(new User(), { id: booking.userId, ...user }));
        ctx.loaders.station.prime(
          booking.stationId,
          Object.assign(new Station(), { id: booking.stationId, sessionType: booking.sessionType, ...station }),
        );
      }
      return booking;
    });
    return { items, total, page, pageSize: q.pageSize ?? total };
  }

  /** Every booking of the caller (the REST list, which clients page themselves). */
  async allMine(ctx: RequestContext): Promise<Booking[]> {
    return (await this.mine(ctx, { pageSize: null })).items;
  }

  async cancel(ctx: RequestContext, id: string): Promise<Booking> {
    const user = requireUser(ctx);
    const booking = await this.find(ctx, id);
    if (booking.userId !== user.id) throw forbidden('You can only cancel your own bookings.');
    return this.cancelUpcoming(ctx, booking);
  }

  async adminCancel(ctx: RequestContext, id: string): Promise<Booking> {
    const admin = requireAdmin(ctx);
    const cancelled = await this.cancelUpcoming(ctx, await this.find(ctx, id));
    this.tellCalledOff(ctx, admin, cancelled);
    return cancelled;
  }

  /** Only an upcoming booking can be cancelled, checked in the same statement that cancels it. */
  private async cancelUpcoming(ctx: RequestContext, booking: Booking): Promise<Booking> {
    const [rows] = await ctx.deps.db.query(
      `UPDATE bookings b SET cancelled_at = $2, updated_at = now()
       WHERE b.id = $1 AND b.cancelled_at IS NULL AND b.starts_at > $2 RETURNING ${BOOKING_COLUMNS}`,
      [booking.id, ctx.clock.now()],
    );
    if (!rows[0]) {
      // Told apart after the fact: cancelled meanwhile (another tab, an admin) or already started.
      const [now] = await ctx.deps.db.query('SELECT cancelled_at FROM bookings WHERE id = $1', [booking.id]);
      throw conflict(now?.cancelled_at ? BOOKING_MESSAGES.alreadyCancelled : BOOKING_MESSAGES.notUpcoming);
    }
    return toBooking(rows[0]);
  }

  async adminDelete(ctx: RequestContext, id: string): Promise<Booking> {
    const admin = requireAdmin(ctx);
    if (!isUUID(id)) throw notFound('Booking not found.');
    // One statement: of two deletes at once, only the one that removed the row says it did.
    const [rows] = (await ctx.deps.db.query(`DELETE FROM bookings b WHERE b.id = $1 RETURNING ${BOOKING_COLUMNS}`, [
      id,
    ])) as [Record<string, unknown>[], number];
    if (!rows[0]) throw notFound('Booking not found.');
    const deleted = toBooking(rows[0]);
    // A session still to come, taken away with its record: its customer is told, as for a cancel.
    if (!deleted.cancelledAt && deleted.startsAt > ctx.clock.now()) this.tellCalledOff(ctx, admin, deleted);
    return deleted;
  }

  /**
   * The venue called off a customer's upcoming session: they were told by e-mail it was booked, and would come for it,
   * so they are told by e-mail it is off. Not an admin's own booking. In the background, after the change.
   */
  private tellCalledOff(ctx: RequestContext, admin: User, booking: Booking): void {
    if (booking.userId !== admin.id) ctx.deps.mailer.background(this.sendCalledOff(ctx, booking));
  }

  /** Never throws, so a failed e-mail never touches the cancel. */
  private async sendCalledOff(ctx: RequestContext, booking: Booking): Promise<void> {
    const failure = 'booking cancellation notice could not be prepared';
    const user = await ctx.loaders.user
      .load(booking.userId)
      .catch((err: unknown) => void ctx.logger.error({ err, bookingId: booking.id }, failure));
    if (!user) return;
    const { venue } = ctx.deps.config;
    const contact = `To book another time, or to ask us why, write to ${venue.email} or call ${venue.phone}.`;
    await this.mailAbout(ctx, user, booking, failure, ({ what, date }) => ({
      subject: `Your ${booking.sessionType} session on ${date} was cancelled`,
      text: `Hi ${user.username},\n\nWe are sorry: ${venue.name} had to cancel your ${what}.\n\n${contact}`,
      html: `<p>Hi ${escapeHtml(user.username)},</p><p>We are sorry: ${escapeHtml(venue.name)} had to cancel your ${escapeHtml(what)}.</p><p>${escapeHtml(contact)}</p>`,
    }));
  }

  /* Stations (admin) */

  async stations(ctx: RequestContext, sessionType?: SessionType | null): Promise<Station[]> {
    requireAdmin(ctx);
    return ctx.deps.db
      .getRepository(Station)
      .find({ where: sessionType ? { sessionType } : {}, order: { sessionType: 'ASC', name: 'ASC' } });
  }

  /** A new station is in service from now: its first service period opens with it, in the same transaction. */
  async addStation(ctx: RequestContext, sessionType: SessionType, name: string): Promise<Station> {
    requireAdmin(ctx);
    return this.uniqueName(() =>
      retryingTransaction(ctx, async (tx) => {
        const repo = tx.getRepository(Station);
        const station = await repo.save(repo.create({ sessionType, name: stationName(name), active: true }));
        await this.switchService(tx, station.id, true, ctx.clock.now());
        return station;
      }),
    );
  }

  /**
   * Renames a station or switches it on or off. A switch closes or opens its service period at now, in the same
   * transaction, with the station's row locked: of two switches at once, the second sees the first's flag.
   */
  async updateStation(ctx: RequestContext, id: string, changes: { name?: string; active?: boolean }): Promise<Station> {
    requireAdmin(ctx);
    // Only the columns asked for: a rename racing a switch-off must not write the other's column back as it was.
    const set: Partial<Pick<Station, 'name' | 'active'>> = {};
    if (changes.name !== undefined) set.name = stationName(changes.name);
    if (changes.active !== undefined) set.active = changes.active;
    if (!isUUID(id)) throw notFound('Station not found.');
    return this.uniqueName(() =>
      retryingTransaction(ctx, async (tx) => {
        const repo = tx.getRepository(Station);
        if (set.active !== undefined) {
          // A switch waits for the bookings of its session type being made (they hold this lock from picking a
          // station to booking it), so none books a station switched off meanwhile; those after it see the switch.
          const type = await repo.findOne({ where: { id }, select: { sessionType: true } });
          if (type) await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [BOOKING_LOCK, type.sessionType]);
        }
        // FOR NO KEY UPDATE: two changes of one station take turns, bookings referring to it (FOR KEY SHARE) do not wait.
        const station = await repo.findOne({ where: { id }, lock: { mode: 'for_no_key_update' } });
        if (!station) throw notFound('Station not found.');
        if (Object.keys(set).length === 0) return station;
        await repo.update({ id }, set);
        if (set.active !== undefined && set.active !== station.active) {
          await this.switchService(tx, id, set.active, ctx.clock.now());
        }
        return repo.findOneByOrFail({ id });
      }),
    );
  }

  /**
   * Closes the station's open service period at `now`, or opens one from `now`. Periods that start at or after `now`
   * can only come from a clock set back since (a test's, or a corrected system clock); they are dropped first, so the
   * periods never overlap. Switched back on at the instant it was switched off, a station carries on its period.
   */
  private async switchService(tx: EntityManager, stationId: string, inService: boolean, now: Date): Promise<void> {
    await tx.query('DELETE FROM station_service_periods WHERE station_id = $1 AND lower(period) >= $2', [
      stationId,
      now,
    ]);
    if (!inService) {
      await tx.query(
        `UPDATE station_service_periods SET period = tstzrange(lower(period), $2)
         WHERE station_id = $1 AND (upper_inf(period) OR upper(period) > $2)`,
        [stationId, now],
      );
      return;
    }
    const [carriedOn] = (await tx.query(
      `UPDATE station_service_periods SET period = tstzrange(lower(period), NULL)
       WHERE station_id = $1 AND (upper_inf(period) OR upper(period) >= $2) RETURNING id`,
      [stationId, now],
    )) as [unknown[], number];
    if (carriedOn.length === 0) {
      await tx.query('INSERT INTO station_service_periods (station_id, period) VALUES ($1, tstzrange($2, NULL))', [
        stationId,
        now,
      ]);
    }
  }

  private async uniqueName<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (err) {
      if (pgError(err).code === UNIQUE_VIOLATION) throw conflict('A station with this name already exists.');
      throw err;
    }
  }
}

/** A list's conditions as a WHERE clause (none: no clause). */
function whereOf(where: string[]): string {
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

/** LIMIT and OFFSET for a page (from 1) of `pageSize` rows, as bound parameters; no page size, every row. */
function pageLimit(p: (value: unknown) => string, page: number | undefined, pageSize: number | null | undefined) {
  return pageSize ? `LIMIT ${p(pageSize)} OFFSET ${p((Math.max(1, page ?? 1) - 1) * pageSize)}` : '';
}

/** How many leading `$n` parameters a SQL fragment uses (the count query shares the list). */
function usedParams(sql: string): number {
  return Math.max(0, ...[...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
}
