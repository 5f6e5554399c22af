import { enumField } from '../../common/multipart';
import { requireAdmin, requireUser } from '../../graphql/auth-checker';
import { ctxOf, queryList, queryNumber, queryText, restRouter, sendJsonArray } from '../../common/rest';
import { parseInput } from '../../common/validation';
import type { RequestContext } from '../../graphql/context';
import type { Services } from '../../services';
import { User } from '../auth/user.entity';
import type { Booking } from './booking.entity';
import { AdminBookingsArgs, BookingSlotArgs } from './booking.inputs';
import { venueTimes } from './booking-time';
import { bookingStatus, SessionType } from './booking.types';

const isBlank = (value: unknown) => typeof value === 'string' && value.trim() === '';

/** A booking as REST clients know it: string `_id`, venue-local date and times, derived status. */
export function restBooking(ctx: RequestContext, booking: Booking, user?: User | null) {
  return {
    _id: booking.id,
    ...venueTimes(booking.startsAt, booking.endsAt, ctx.deps.config.venue.timeZone),
    sessionType: booking.sessionType,
    status: bookingStatus(booking, ctx.clock.now()),
    ...(user ? { user: { _id: user.id, username: user.username, email: user.email } } : {}),
    createdAt: booking.createdAt.toISOString(),
    updatedAt: booking.updatedAt.toISOString(),
  };
}

/** The spec's /api/bookings endpoints over BookingService. */
export function bookingRoutes(services: Services) {
  const router = restRouter();
  const booking = services.booking;
  // Spec §3: a booking's session type defaults to VR, as in GraphQL; an empty one is still "required". It is matched
  // in any case ("vr", "playstation"), as the catalogue's categories are.
  const slotOf = (source: unknown) => {
    const fields = typeof source === 'object' && source !== null ? (source as Record<string, unknown>) : {};
    const sessionType = fields.sessionType ?? SessionType.VR;
    return parseInput(BookingSlotArgs, {
      ...fields,
      sessionType: isBlank(sessionType) ? sessionType : enumField(sessionType, Object.values(SessionType)),
    });
  };

  router.get('/bookings/check', async (req, res) => {
    const ctx = ctxOf(req);
    requireUser(ctx); // as on create: a guest is told 401, not which fields are wrong
    const q = req.query;
    const args = await slotOf({
      sessionType: queryText(q.sessionType),
      date: queryText(q.date),
      startTime: queryText(q.startTime),
      endTime: queryText(q.endTime),
    });
    res.json(await booking.checkAvailability(ctx, args));
  });

  router.post('/bookings', async (req, res) => {
    const ctx = ctxOf(req);
    // REST-COMPAT: a guest gets 401 whatever the body, before any validation.
    requireUser(ctx);
    const created = await booking.create(ctx, await slotOf(req.body));
    res.status(201).json({ success: true, booking: restBooking(ctx, created, ctx.user) });
  });

  router.get('/bookings', async (req, res) => {
    const ctx = ctxOf(req);
    res.json((await booking.allMine(ctx)).map((b) => restBooking(ctx, b)));
  });

  router.get('/bookings/all', async (req, res) => {
    const ctx = ctxOf(req);
    requireAdmin(ctx); // who asks comes before what is asked: a guest is told 401, not how to page
    const q = req.query;
    // One status, or several (repeated or comma-separated), in any case as the orders list takes its status; 'all' is
    // no filter.
    const statuses = queryList(q.status).map((status) => status.toLowerCase());
    const args = await parseInput(AdminBookingsArgs, {
      status: statuses.length && !statuses.includes('all') ? statuses : undefined,
      search: queryText(q.search),
      sortBy: queryText(q.sortBy),
      sortDirection: queryText(q.sortDirection)?.toUpperCase(),
      page: q.page === undefined ? 1 : queryNumber(q.page),
      ...(q.limit === undefined ? {} : { pageSize: queryNumber(q.limit) }),
    });
    // Without `limit`, every booking (REST-COMPAT: the clients page in the browser), however many: sent as it is read.
    const pageSize = q.limit === undefined ? null : args.pageSize;
    await sendJsonArray(res, (write) => booking.allRestJson(ctx, { ...args, pageSize }, write));
  });

  router.delete('/bookings/cancel/:id', async (req, res) => {
    const ctx = ctxOf(req);
    const cancelled = await booking.cancel(ctx, String(req.params.id));
    res.json({ message: 'Booking cancelled.', booking: restBooking(ctx, cancelled) });
  });

  router.delete('/bookings/admin/cancel/:id', async (req, res) => {
    const ctx = ctxOf(req);
    const cancelled = await booking.adminCancel(ctx, String(req.params.id));
    res.json({ message: 'Booking cancelled.', booking: restBooking(ctx, cancelled) });
  });

  router.delete('/bookings/admin/delete/:id', async (req, res) => {
    const ctx = ctxOf(req);
    const deleted = await booking.adminDelete(ctx, String(req.params.id));
    res.json({ message: 'Booking deleted.', booking: restBooking(ctx, deleted) });
  });

  router.get('/bookings/:id/ics', async (req, res) => {
    const ctx = ctxOf(req);
    const file = await booking.calendarFile(ctx, String(req.params.id));
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="booking.ics"');
    res.send(file);
  });

  return router;
}
