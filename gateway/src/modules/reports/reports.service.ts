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

/** Rows of `capacity()`: a session type's (weekday and hour null), or a heat-map cell's (session type null). */
type CapacityRow = {
  session_type: SessionType | null;
  weekday: number | null;
  hour: number | null;
  stations: number;
  hours: number;
};

/**
 * Cutting spans into the venue-local hours they touch, for the rows of `k` (with `starts` and `ends`), in a statement
 * whose $3 is the venue's time zone: a FROM item giving each hour's start as `h`, and the seconds of the span in it.
 * A booking touches a few hours, so this is cheaper than matching every hour of the range against every booking.
 */
const hoursTouched = (k: string) =>
  `generate_series(date_trunc('hour', ${k}.starts, $3::text), ${k}.ends - interval '1 microsecond', interval '1 hour') AS h`;
const secondsInHour = (k: string) =>
  `extract(epoch FROM least(${k}.ends, h + interval '1 hour') - greatest(${k}.starts, h))`;

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
   * Booked station-hours over available ones. A station is available for the part of each opening hour of the range
   * that it was in service (see `capacity`): one added at 14:20 counts 40 minutes of that hour, one switched off at
   * 16:00 nothing after, until it is switched on again.
   *
   * Bookings last at most a few hours, so `starts_at` from a day before the range lets the
   * starts_at index narrow the scan before the exact overlap test.
   */
  async bookingUtilization(ctx: RequestContext, args: BookingUtilizationArgs): Promise<BookingUtilization> {
    const range = this.range(ctx, args);
    const zone = ctx.deps.config.venue.timeZone;
    const types: SessionType[] = args.sessionType ? [args.sessionType] : SESSION_TYPES;
    const { byType, cells, capacity } = await this.run(ctx, async (db) => {
      const byType: {
        session_type: SessionType;
        booked_hours: number;
        bookings: number;
        cancelled: number;
      }[] = await db.query(
        `WITH types AS (SELECT unnest($3::text[]) AS session_type),
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
         SELECT t.session_type, coalesce(h.booked_hours, 0)::float8 AS booked_hours,
                coalesce(h.bookings, 0)::int AS bookings, coalesce(h.cancelled, 0)::int AS cancelled
         FROM types t LEFT JOIN held h USING (session_type)
         ORDER BY array_position($3::text[], t.session_type)`,
        [range.start, range.end, types],
      );
      const cells: { weekday: number; hour: number; booked_hours: number }[] = await db.query(
        `WITH kept AS (
             SELECT greatest(b.starts_at, $1) AS starts, least(b.ends_at, $2) AS ends
             FROM bookings b
             WHERE b.starts_at >= $1::timestamptz - interval '1 day' AND b.starts_at < $2
               AND b.period && tstzrange($1, $2)
               AND b.cancelled_at IS NULL AND b.session_type = ANY ($4::text[])
           ),
           -- Each booking is cut into the venue-local hours it touches (a few each), rather
           -- than every hour of the range being matched against every booking.
           pieces AS (
             SELECT h AS hour_start, ${secondsInHour('kept')} AS seconds
             FROM kept, ${hoursTouched('kept')}
           ),
           held AS (
             SELECT extract(isodow FROM hour_start AT TIME ZONE $3::text)::int AS weekday,
                    extract(hour FROM hour_start AT TIME ZONE $3::text)::int AS hour,
                    sum(seconds) / 3600 AS hours
             FROM pieces GROUP BY 1, 2
           )
           SELECT d AS weekday, h AS hour, coalesce(held.hours, 0)::float8 AS booked_hours
           FROM generate_series(1, 7) AS d
           CROSS JOIN generate_series(0, 23) AS h
           LEFT JOIN held ON held.weekday = d AND held.hour = h
           ORDER BY d, h`,
        [range.start, range.end, zone, types],
      );
      const capacity = await this.capacity(db, range, zone, types);
      return { byType, cells, capacity };
    });

    const perType = new Map(capacity.filter((row) => row.session_type !== null).map((row) => [row.session_type, row]));
    const perCell = new Map(
      capacity.filter((row) => row.session_type === null).map((row) => [`${row.weekday}:${row.hour}`, row.hours]),
    );
    const bySessionType: SessionTypeUtilization[] = byType.map((row) => {
      const availableHours = perType.get(row.session_type)?.hours ?? 0;
      return {
        sessionType: row.session_type,
        stations: perType.get(row.session_type)?.stations ?? 0,
        bookedHours: round(row.booked_hours, 2),
        availableHours: round(availableHours, 2),
        utilization: ratio(row.booked_hours, availableHours),
        bookings: row.bookings,
        cancelledBookings: row.cancelled,
      };
    });
    // At most five aggregated rows, one per session type: adding them up here is not
    // summing raw data in Node.
    const bookedHours = byType.reduce((sum, row) => sum + row.booked_hours, 0);
    const availableHours = byType.reduce((sum, row) => sum + (perType.get(row.session_type)?.hours ?? 0), 0);
    const heatMap: UtilizationCell[] = cells.map((cell) => {
      const available = perCell.get(`${cell.weekday}:${cell.hour}`) ?? 0;
      return {
        weekday: cell.weekday,
        hour: cell.hour,
        bookedHours: round(cell.booked_hours, 2),
        availableHours: round(available, 2),
        occupancy: ratio(cell.booked_hours, available),
      };
    });
    return {
      from: range.from,
      to: range.to,
      bySessionType,
      bookedHours: round(bookedHours, 2),
      availableHours: round(availableHours, 2),
      utilization: ratio(bookedHours, availableHours),
      cancelledBookings: bySessionType.reduce((sum, row) => sum + row.cancelledBookings, 0),
      heatMap,
    };
  }

  /**
   * Station-hours in service during the opening hours of the range, per session type (with the number of stations
   * that served some of them) and per weekday × hour of the heat map: a row per type (weekday and hour null), then a
   * row per cell with hours (type null).
   *
   * Stations in service over the same span share every opening hour of it: each distinct span is matched against the
   * range's hours once, with its stations counted (most venues have a handful of spans in a range, whatever their
   * size).
   *
   * A station switched off keeps its bookings and serves them: that time counts as in service too, so every booked
   * hour is on an available station and occupancy never passes 1. It is cut into the hours it touches, as booked hours
   * are; only the stations out of service for some of the range can have such bookings to look up.
   */
  private capacity(db: EntityManager, range: ReportRange, zone: string, types: SessionType[]): Promise<CapacityRow[]> {
    return db.query(
      `WITH open_days AS (
           SELECT d::date AS day, extract(isodow FROM d)::int AS weekday,
                  (d + make_interval(hours => $4)) AT TIME ZONE $3::text AS opens,
                  (d + make_interval(hours => $5)) AT TIME ZONE $3::text AS closes
           FROM generate_series($7::date::timestamp, $8::date::timestamp, interval '1 day') AS d
         ),
         -- Every opening hour of the range, each weekday-hour as often as it occurs (10 days hold some weekdays twice);
         -- materialized, so each hour's instant is looked up in the time-zone database once.
         open_slots AS MATERIALIZED (
           SELECT d.weekday, h AS hour, t AS starts, t + interval '1 hour' AS ends
           FROM open_days d, generate_series($4::int, $5::int - 1) AS h,
                LATERAL (SELECT (d.day + make_interval(hours => h)) AT TIME ZONE $3::text AS t) x
         ),
         in_service AS (
           SELECT p.station_id, s.session_type, lower(span) AS starts, upper(span) AS ends
           FROM station_service_periods p JOIN stations s ON s.id = p.station_id,
                LATERAL (SELECT p.period * tstzrange($1, $2) AS span) x
           WHERE p.period && tstzrange($1, $2) AND s.session_type = ANY ($6::text[])
         ),
         shared AS (
           SELECT session_type, starts, ends, count(*) AS stations FROM in_service GROUP BY session_type, starts, ends
         ),
         gaps AS (
           SELECT s.id, s.session_type, coalesce(v.periods, '{}') AS periods
           FROM stations s
           LEFT JOIN (SELECT station_id, range_agg(period) AS periods FROM station_service_periods GROUP BY station_id) v
             ON v.station_id = s.id
           WHERE s.session_type = ANY ($6::text[]) AND NOT coalesce(v.periods @> tstzrange($1, $2), false)
         ),
         -- The time of bookings a station kept after it was switched off (it still serves them), outside its periods.
         outside AS (
           SELECT g.id AS station_id, g.session_type, lower(span) AS starts, upper(span) AS ends
           FROM gaps g JOIN bookings b ON b.station_id = g.id,
                unnest(tstzmultirange(b.period * tstzrange($1, $2)) - g.periods) AS span
           WHERE b.period && tstzrange($1, $2) AND b.cancelled_at IS NULL
             AND NOT g.periods @> (b.period * tstzrange($1, $2))
         ),
         outside_pieces AS (
           SELECT k.station_id, k.session_type, extract(isodow FROM local)::int AS weekday,
                  extract(hour FROM local)::int AS hour,
                  ${secondsInHour('k')} AS seconds
           FROM outside k, ${hoursTouched('k')},
                LATERAL (SELECT h AT TIME ZONE $3::text AS local) l
           WHERE extract(hour FROM local) >= $4 AND extract(hour FROM local) < $5
         ),
         covered AS (
           SELECT sh.session_type, o.weekday, o.hour,
                  sh.stations * extract(epoch FROM least(o.ends, sh.ends) - greatest(o.starts, sh.starts)) AS seconds
           FROM shared sh JOIN open_slots o ON o.starts < sh.ends AND o.ends > sh.starts
           UNION ALL
           SELECT session_type, weekday, hour, seconds FROM outside_pieces
         ),
         counted AS (
           SELECT i.station_id, i.session_type FROM in_service i
           WHERE EXISTS (SELECT 1 FROM open_days d WHERE d.opens < i.ends AND d.closes > i.starts)
           UNION
           SELECT station_id, session_type FROM outside_pieces
         )
       SELECT c.session_type, c.weekday, c.hour, coalesce(n.stations, 0) AS stations, c.hours
       FROM (
         SELECT session_type, weekday, hour, (sum(seconds) / 3600)::float8 AS hours
         FROM (SELECT session_type, weekday, hour, sum(seconds) AS seconds FROM covered GROUP BY 1, 2, 3) per_type_cell
         GROUP BY GROUPING SETS ((session_type), (weekday, hour))
       ) c
       LEFT JOIN (SELECT session_type, count(DISTINCT station_id)::int AS stations FROM counted GROUP BY session_type) n
         ON n.session_type = c.session_type`,
      [range.start, range.end, zone, OPEN_HOUR, CLOSE_HOUR, types, range.from, range.to],
    );
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
      // REPEATABLE READ: a report's several statements (booked hours, available hours) read one snapshot.
      return await ctx.deps.reportingDb.transaction('REPEATABLE READ', async (db) => {
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
