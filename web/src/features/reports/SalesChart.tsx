import { Box } from '@chakra-ui/react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { graphql } from '../../gql';
import type { SalesChart_ReportFragment } from '../../gql/graphql';
import { formatPrice, formatWholeDollars } from '../../lib/money';
import { addDaysIso } from '../../lib/venue-time';

graphql(`
  fragment SalesChart_report on SalesReport {
    from
    to
    groupBy
    periods {
      periodStart
      orders
      grossRevenue
    }
  }
`);

const AXIS = { fill: 'var(--chakra-colors-fg-muted)' };

/** The last day of the month `iso` falls in (day 0 of the next month, in UTC: no zone or DST change is crossed). */
function monthEndIso(iso: string): string {
  const [year, month] = iso.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/**
 * The days a period covers within the report's range: a week or month the range cuts is named by the days it holds
 * ('2026-10-01 to 2026-10-04'), so a partial first or last period is not read as a whole one.
 */
export function periodDays(report: Pick<SalesChart_ReportFragment, 'from' | 'to' | 'groupBy'>, periodStart: string) {
  const end =
    report.groupBy === 'WEEK'
      ? addDaysIso(periodStart, 6)
      : report.groupBy === 'MONTH'
        ? monthEndIso(periodStart)
        : periodStart;
  const first = periodStart < report.from ? report.from : periodStart;
  const last = end > report.to ? report.to : end;
  return { first, label: first === last ? first : `${first} to ${last}` };
}

/** Gross revenue per period, with the orders of the period in the tooltip. */
export function SalesChart({ report }: { report: SalesChart_ReportFragment }) {
  return (
    // Chakra's preflight sets `font: inherit` on every element, which beats the ticks' font-size attribute.
    <Box h="280px" fontSize="xs" data-testid="sales-chart">
      <ResponsiveContainer width="100%" height="100%">
        {/* Recharts makes the chart a tab stop whose arrow keys walk the tooltip through the periods: it is named. */}
        <AreaChart
          data={report.periods.map((period) => ({ ...period, ...periodDays(report, period.periodStart) }))}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          aria-label="Sales over time"
          aria-roledescription="chart"
        >
          <CartesianGrid stroke="var(--chakra-colors-border)" strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="first" tick={AXIS} tickMargin={6} minTickGap={24} />
          <YAxis tick={AXIS} width={64} tickFormatter={formatWholeDollars} />
          <Tooltip
            contentStyle={{
              background: 'var(--chakra-colors-bg-panel)',
              borderColor: 'var(--chakra-colors-border)',
              color: 'var(--chakra-colors-fg)',
              fontSize: 'var(--chakra-font-sizes-sm)',
            }}
            formatter={(value) => [formatPrice(Number(value)), 'Revenue']}
            labelFormatter={(_first, payload) => {
              const period = payload?.[0]?.payload as { label: string; orders: number } | undefined;
              const orders = period?.orders ?? 0;
              return `${period?.label ?? ''} · ${orders} order${orders === 1 ? '' : 's'}`;
            }}
          />
          {/* Straight segments: a smoothed curve would draw sales between periods that have none. */}
          <Area
            type="linear"
            dataKey="grossRevenue"
            name="Revenue"
            stroke="var(--chakra-colors-accent-solid)"
            fill="var(--chakra-colors-accent-solid)"
            fillOpacity={0.3}
            strokeWidth={2}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </Box>
  );
}
