import type { EntityManager } from 'typeorm';
import { AppError } from '../../common/errors';
import { toDollars } from '../../common/money';
import { pgError } from '../../common/pg-errors';
import type { RequestContext } from '../../graphql/context';
import { SESSION_TYPES, type SessionType } from '../booking/booking.types';
import { Product } from '../catalog/product.entity';
import { PaymentMethod } from '../orders/order.entity';
import { OPENING_HOURS } from '../venue/opening-hours';
import { REPORT_MESSAGES, reportRange, type ReportRange } from './report-range';
import {
  ReportPeriod,
  TopProductsBy,
  type BookingUtilization,
  type BookingUtilizationArgs,
  type LowStockArgs,
  type OrdersByStatus,
  type ReportRangeArgs,
  type SalesFigures,
  type SalesReport,
  type SalesReportArgs,
  type SessionTypeUtilization,
  type TopProduct,
  type TopProductsArgs,
  type UtilizationCell,
} from './reports.types';

const QUERY_CANCELED = '57014';
const LOW_STOCK_LIMIT = 100;

const hourOf = (time: string) => Number(time.split(':')[0]);
const OPEN_HOUR = hourOf(OPENING_HOURS.opensAt);
const CLOSE_HOUR = hourOf(OPENING_HOURS.closesAt);

/**
 * A station `s` counts toward a range's capacity when it is active now or held a booking in the range ($1, $2): one
 * switched off since still served its past bookings. (Stations keep no history of when they were switched on or off,
 * so one switched off with no booking in the range is left out.) Every booked hour is then on a counted station, and
 * occupancy never passes 1.
 */
const IN_SERVICE = `(s.active OR EXISTS (
  SELECT 1 FROM bookings b WHERE b.station_id = s.id AND b.cancelled_at IS NULL AND b.period && tstzrange($1, $2)))`;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const ratio = (part: number, whole: number) => (whole > 0 ? round(part / whole, 4) : 0);

type SalesRow = {
  period_start: string | null;
  orders: number;
  items_sold: string;
  gross_cents: string;
  cash_orders: number;
  cash_cents: string;
  card_orders: number;
  card_cents: string;
  average_cents: string;
  cancelled: number;
};

function salesFigures(row: SalesRow): SalesFigures {
  return {
    orders: row.orders,
    itemsSold: Number(row.items_sold),
    grossRevenue: toDollars(Number(row.gross_cents)),
    revenueByPaymentMethod: [
      { method: PaymentMethod.Cash, orders: row.cash_orders, revenue: toDollars(Number(row.cash_cents)) },
      { method: PaymentMethod.stripe, orders: row.card_orders, revenue: toDollars(Number(row.card_cents)) },
    ],
    averageOrderValue: toDollars(Number(row.average_cents)),
    cancelledOrders: row.cancelled,
  };
}

/**
 * Staff reports. Every figure is computed by PostgreSQL on the reporting database (the read
 * replica when configured), in a read-only transaction with a statement timeout, so a heavy
 * report can neither write nor hold a connection for long.
 */
export class ReportsService {
  async sales(ctx: RequestContext, args: SalesReportArgs): Promise<SalesReport> {
    const range = this.range(ctx, args);
    const unit = Object.values(ReportPeriod).includes(args.groupBy) ? args.groupBy : ReportPeriod.DAY;
    const rows: SalesRow[] = await this.run(ctx, (db) =>
      db.query(
        `WITH placed AS (
           SELECT o.status, o.payment_method, o.total_cents,
                  date_trunc($3::text, o.created_at AT TIME ZONE $4::text)::date AS period,
                  coalesce(sum(i.quantity), 0) AS items
           FROM orders o LEFT JOIN order_items i ON i.order_id = o.id
           WHERE o.created_at >= $1 AND o.created_at < $2
           GROUP BY o.id
         ),
         periods AS (
           SELECT generate_series(date_trunc($3::text, $5::date::timestamp), $6::date::timestamp,
                                  ('1 ' || $3::text)::interval)::date AS period
         ),
         kept AS (
           SELECT p.period, o.status, o.payment_method,
                  CASE WHEN o.status <> 'cancelled' THEN o.total_cents END AS cents,
                  CASE WHEN o.status <> 'cancelled' THEN o.items END AS items
           FROM periods p LEFT JOIN placed o ON o.period = p.period
         )
         SELECT to_char(period, 'YYYY-MM-DD') AS period_start,
                count(cents)::int AS orders,
                coalesce(sum(items), 0)::bigint AS items_sold,
                coalesce(sum(cents), 0)::bigint AS gross_cents,
                count(cents) FILTER (WHERE payment_method = 'Cash')::int AS cash_orders,
                coalesce(sum(cents) FILTER (WHERE payment_method = 'Cash'), 0)::bigint AS cash_cents,
                count(cents) FILTER (WHERE payment_method = 'stripe')::int AS card_orders,
                coalesce(sum(cents) FILTER (WHERE payment_method = 'stripe'), 0)::bigint AS card_cents,
                coalesce(round(sum(cents)::numeric / nullif(count(cents), 0)), 0)::bigint AS average_cents,
                count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled
         FROM kept
         GROUP BY GROUPING SETS ((period), ())
         ORDER BY grouping(period), period`,
        [range.start, range.end, unit, ctx.deps.config.venue.timeZone, range.from, range.to],
      ),
    );
    const totals = rows.find((row) => row.period_start === null)!;
    return {
      from: range.from,
      to: range.to,
      groupBy: unit,
      periods: rows
        .filter((row) => row.period_start !== null)
        .map((row) => ({ periodStart: row.period_start!, ...salesFigures(row) })),
      totals: salesFigures(totals),
    };
  }

  async topProducts(ctx: RequestContext, args: TopProductsArgs): Promise<TopProduct[]> {
    const range = this.range(ctx, args);
    const order =
      args.by === TopProductsBy.UNITS ? 'units DESC, revenue_cents DESC, name' : 'revenue_cents DESC, units DESC, name';
    const rows: { id: string; name: string; stock: number; units: string; revenue_cents: string }[] = await this.run(
      ctx,
      (db) =>
        db.query(
          // A product deleted since still counts, under the name it last sold as: its lines keep its id.
          `SELECT i.product_id AS id,
                  coalesce(p.name, (array_agg(i.name ORDER BY o.created_at DESC, i.id))[1]) AS name,
                  coalesce(p.amount, 0) AS stock,
                  sum(i.quantity)::bigint AS units,
                  sum(i.quantity * i.unit_price_cents)::bigint AS revenue_cents
           FROM order_items i
           JOIN orders o ON o.id = i.order_id
           LEFT JOIN products p ON p.id = i.product_id
           WHERE o.status <> 'cancelled' AND o.created_at >= $1 AND o.created_at < $2 AND i.product_id IS NOT NULL
           GROUP BY i.product_id, p.id
           ORDER BY ${order}
           LIMIT $3`,
          [range.start, range.end, args.limit],
        ),
    );
    return rows.map((row) => ({
      productId: row.id,
      name: row.name,
      stock: row.stock,
      units: Number(row.units),
      revenue: toDollars(Number(row.revenue_cents)),
    }));
  }

  /**
   * Bookings last at most a few hours, so `starts_at` from a day before the range lets the
   * starts_at index narrow the scan before the exact overlap test.
   */
  async bookingUtilization(ctx: RequestContext, args: BookingUtilizationArgs): Promise<BookingUtilization> {
    const range = this.range(ctx, args);
    const zone = ctx.deps.config.venue.timeZone;
    const types: SessionType[] = args.sessionType ? [args.sessionType] : SESSION_TYPES;
    const openHoursInRange = range.days * (CLOSE_HOUR - OPEN_HOUR);
    const { byType, cells } = await this.run(ctx, async (db) => {
      const byType: {
        session_type: SessionType;
        stations: number;
        booked_hours: number;
        bookings: number;
        cancelled: number;
      }[] = await db.query(
        `WITH types AS (SELECT unnest($3::text[]) AS session_type),
         active AS (SELECT s.session_type, count(*)::int AS stations FROM stations s WHERE ${IN_SERVICE} GROUP BY s.session_type),
         held AS (
           SELECT b.session_type,
                  sum(extract(epoch FROM upper(b.period * r.span) - lower(b.period * r.span)))
                    FILTER (WHERE b.cancelled_at IS NULL) / 3600 AS booked_hours,
                  count(*) FILTER (WHERE b.cancelled_at IS NULL AND b.starts_at >= $1) AS bookings,
                  count(*) FILTER (WHERE b.cancelled_at IS NOT NULL AND b.starts_at >= $1) AS cancelled
           FROM bookings b, (SELECT tstzrange($1, $2) AS span) r
           WHERE b.starts_at >= $1::timestamptz - interval '1 day' AND b.starts_at < $2
             AND b.period && r.span AND b.session_type = ANY ($3::text[])
           GROUP BY b.session_type
         )
         SELECT t.session_type, coalesce(a.stations, 0) AS stations,
                coalesce(h.booked_hours, 0)::float8 AS booked_hours,
                coalesce(h.bookings, 0)::int AS bookings, coalesce(h.cancelled, 0)::int AS cancelled
         FROM types t LEFT JOIN active a USING (session_type) LEFT JOIN held h USING (session_type)
         ORDER BY array_position($3::text[], t.session_type)`,
        [range.start, range.end, types],
      );
      // One row per opening hour of the range, so the heat map's denominators count each
      // weekday-hour as often as it occurs (a range of 10 days holds some weekdays twice).
      const cells: { weekday: number; hour: number; booked_hours: number; available_hours: number }[] = await db.query(
        `WITH slots AS (
             SELECT extract(isodow FROM s AT TIME ZONE $3::text)::int AS weekday,
                    extract(hour FROM s AT TIME ZONE $3::text)::int AS hour
             FROM generate_series($1::timestamptz, $2::timestamptz - interval '1 hour', interval '1 hour') AS s
           ),
           open_slots AS (SELECT * FROM slots WHERE hour >= $4 AND hour < $5),
           capacity AS (SELECT count(*)::int AS stations FROM stations s WHERE ${IN_SERVICE} AND s.session_type = ANY ($6::text[])),
           available AS (
             SELECT weekday, hour, count(*) * (SELECT stations FROM capacity) AS hours
             FROM open_slots GROUP BY weekday, hour
           ),
           kept AS (
             SELECT greatest(b.starts_at, $1) AS starts, least(b.ends_at, $2) AS ends
             FROM bookings b
             WHERE b.starts_at >= $1::timestamptz - interval '1 day' AND b.starts_at < $2
               AND b.period && tstzrange($1, $2)
               AND b.cancelled_at IS NULL AND b.session_type = ANY ($6::text[])
           ),
           -- Each booking is cut into the venue-local hours it touches (a few each), rather
           -- than every hour of the range being matched against every booking.
           pieces AS (
             SELECT h AS hour_start,
                    extract(epoch FROM least(kept.ends, h + interval '1 hour') - greatest(kept.starts, h)) AS seconds
             FROM kept,
                  generate_series(date_trunc('hour', kept.starts, $3::text), kept.ends - interval '1 microsecond',
                                  interval '1 hour') AS h
           ),
           held AS (
             SELECT extract(isodow FROM hour_start AT TIME ZONE $3::text)::int AS weekday,
                    extract(hour FROM hour_start AT TIME ZONE $3::text)::int AS hour,
                    sum(seconds) / 3600 AS hours
             FROM pieces GROUP BY 1, 2
           )
           SELECT d AS weekday, h AS hour,
                  coalesce(held.hours, 0)::float8 AS booked_hours,
                  coalesce(available.hours, 0)::float8 AS available_hours
           FROM generate_series(1, 7) AS d
           CROSS JOIN generate_series(0, 23) AS h
           LEFT JOIN available ON available.weekday = d AND available.hour = h
           LEFT JOIN held ON held.weekday = d AND held.hour = h
           ORDER BY d, h`,
        [range.start, range.end, zone, OPEN_HOUR, CLOSE_HOUR, types],
      );
      return { byType, cells };
    });

    const bySessionType: SessionTypeUtilization[] = byType.map((row) => {
      const availableHours = row.stations * openHoursInRange;
      return {
        sessionType: row.session_type,
        stations: row.stations,
        bookedHours: round(row.booked_hours, 2),
        availableHours,
        utilization: ratio(row.booked_hours, availableHours),
        bookings: row.bookings,
        cancelledBookings: row.cancelled,
      };
    });
    // At most five aggregated rows, one per session type: adding them up here is not
    // summing raw data in Node.
    const bookedHours = byType.reduce((sum, row) => sum + row.booked_hours, 0);
    const availableHours = bySessionType.reduce((sum, row) => sum + row.availableHours, 0);
    const heatMap: UtilizationCell[] = cells.map((cell) => ({
      weekday: cell.weekday,
      hour: cell.hour,
      bookedHours: round(cell.booked_hours, 2),
      availableHours: cell.available_hours,
      occupancy: ratio(cell.booked_hours, cell.available_hours),
    }));
    return {
      from: range.from,
      to: range.to,
      bySessionType,
      bookedHours: round(bookedHours, 2),
      availableHours,
      utilization: ratio(bookedHours, availableHours),
      cancelledBookings: bySessionType.reduce((sum, row) => sum + row.cancelledBookings, 0),
      heatMap,
    };
  }

  lowStock(ctx: RequestContext, args: LowStockArgs): Promise<Product[]> {
    return this.run(ctx, (db) =>
      db
        .getRepository(Product)
        .createQueryBuilder('p')
        .where('p.amount <= :threshold', { threshold: args.threshold })
        .orderBy('p.amount', 'ASC')
        .addOrderBy('p.name', 'ASC')
        .limit(LOW_STOCK_LIMIT)
        .getMany(),
    );
  }

  async ordersByStatus(ctx: RequestContext, args: ReportRangeArgs): Promise<OrdersByStatus> {
    const range = this.range(ctx, args);
    const [row]: Omit<OrdersByStatus, 'from' | 'to'>[] = await this.run(ctx, (db) =>
      db.query(
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE status = 'paid')::int AS paid,
                count(*) FILTER (WHERE status = 'unpaid')::int AS unpaid,
                count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled,
                count(*) FILTER (WHERE is_delivered)::int AS delivered,
                count(*) FILTER (WHERE NOT is_delivered AND status <> 'cancelled')::int AS undelivered
         FROM orders WHERE created_at >= $1 AND created_at < $2`,
        [range.start, range.end],
      ),
    );
    return { from: range.from, to: range.to, ...row };
  }

  private range(ctx: RequestContext, args: ReportRangeArgs): ReportRange {
    return reportRange(args.from, args.to, ctx.deps.config.venue.timeZone);
  }

  private async run<T>(ctx: RequestContext, work: (db: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await ctx.deps.reportingDb.transaction(async (db) => {
        await db.query('SET TRANSACTION READ ONLY');
        await db.query(`SELECT set_config('statement_timeout', $1, true)`, [
          String(ctx.deps.config.reportStatementTimeoutMs),
        ]);
        return work(db);
      });
    } catch (err) {
      if (pgError(err).code === QUERY_CANCELED) throw new AppError('SERVICE_UNAVAILABLE', REPORT_MESSAGES.timeout);
      throw err;
    }
  }
}
