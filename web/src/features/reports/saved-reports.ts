import { addDaysIso, todayIso } from '../../lib/venue-time';

/** A YYYY-MM-DD date `daysAgo` days before today, in the venue's calendar (the browser's while it is not known). */
export function isoDay(daysAgo = 0, today = new Date(), timeZone?: string): string {
  return addDaysIso(todayIso(today, timeZone), -daysAgo);
}

export type SavedReport = { title: string; query: string; variables: Record<string, unknown> };

/**
 * The reports staff ask for most, opened as ready-to-run playground tabs. Plain strings on
 * purpose: they are for people to read and edit, not typed documents of the app.
 */
export function savedReports(today = new Date(), timeZone?: string): SavedReport[] {
  const last30 = { from: isoDay(29, today, timeZone), to: isoDay(0, today, timeZone) };
  return [
    {
      title: 'Sales by day',
      query: `# Orders, units and revenue per day (venue time); cancelled orders are only counted.
# Try groupBy: WEEK or MONTH, and any from/to up to 366 days apart.
query SalesByDay($from: String!, $to: String!, $groupBy: ReportPeriod) {
  salesReport(from: $from, to: $to, groupBy: $groupBy) {
    totals {
      orders
      itemsSold
      grossRevenue
      averageOrderValue
      cancelledOrders
      revenueByPaymentMethod { method orders revenue }
    }
    periods { periodStart orders itemsSold grossRevenue averageOrderValue cancelledOrders }
  }
}
`,
      variables: { ...last30, groupBy: 'DAY' },
    },
    {
      title: 'Top products',
      query: `# Best sellers of the range, by REVENUE or UNITS, with the stock left now.
query TopProducts($from: String!, $to: String!, $limit: Int, $by: TopProductsBy) {
  topProducts(from: $from, to: $to, limit: $limit, by: $by) {
    name
    units
    revenue
    stock
  }
}
`,
      variables: { ...last30, limit: 10, by: 'REVENUE' },
    },
    {
      title: 'Station utilization',
      query: `# Booked station-hours over the station-hours in service in opening hours (a station counts only while it
# is active); set sessionType (VR, PC, ...) to narrow.
# heatMap has 7 × 24 cells: weekday 1 = Monday, hour 0-23, venue time.
query StationUtilization($from: String!, $to: String!, $sessionType: SessionType) {
  bookingUtilization(from: $from, to: $to, sessionType: $sessionType) {
    utilization
    bookedHours
    availableHours
    cancelledBookings
    bySessionType { sessionType stations bookings bookedHours availableHours utilization cancelledBookings }
    heatMap { weekday hour occupancy }
  }
}
`,
      variables: { ...last30, sessionType: null },
    },
    {
      title: 'Low stock',
      query: `# Products with this many units or fewer, most urgent first.
query LowStock($threshold: Int) {
  lowStock(threshold: $threshold) {
    name
    amount
    category
    platform
  }
}
`,
      variables: { threshold: 5 },
    },
    {
      title: 'Orders by status',
      query: `# Orders placed in the range by payment status and delivery.
query OrdersByStatus($from: String!, $to: String!) {
  ordersByStatus(from: $from, to: $to) {
    total
    paid
    unpaid
    cancelled
    delivered
    undelivered
  }
}
`,
      variables: last30,
    },
  ];
}
