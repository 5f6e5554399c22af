import { Box } from '@chakra-ui/react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { graphql } from '../../gql';
import type { SalesChart_ReportFragment } from '../../gql/graphql';
import { formatPrice, formatWholeDollars } from '../../lib/money';

graphql(`
  fragment SalesChart_report on SalesReport {
    groupBy
    periods {
      periodStart
      orders
      grossRevenue
    }
  }
`);

const AXIS = { fill: 'var(--chakra-colors-fg-muted)' };

/** Gross revenue per period, with the orders of the period in the tooltip. */
export function SalesChart({ report }: { report: SalesChart_ReportFragment }) {
  return (
    // Chakra's preflight sets `font: inherit` on every element, which beats the ticks' font-size attribute.
    <Box h="280px" fontSize="xs" data-testid="sales-chart">
      <ResponsiveContainer width="100%" height="100%">
        {/* Recharts makes the chart a tab stop whose arrow keys walk the tooltip through the periods: it is named. */}
        <AreaChart
          data={report.periods}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          aria-label="Sales over time"
          aria-roledescription="chart"
        >
          <CartesianGrid stroke="var(--chakra-colors-border)" strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="periodStart" tick={AXIS} tickMargin={6} minTickGap={24} />
          <YAxis tick={AXIS} width={64} tickFormatter={formatWholeDollars} />
          <Tooltip
            contentStyle={{
              background: 'var(--chakra-colors-bg-panel)',
              borderColor: 'var(--chakra-colors-border)',
              color: 'var(--chakra-colors-fg)',
              fontSize: 'var(--chakra-font-sizes-sm)',
            }}
            formatter={(value) => [formatPrice(Number(value)), 'Revenue']}
            labelFormatter={(label, payload) => {
              const orders = payload?.[0]?.payload?.orders ?? 0;
              return `${label} · ${orders} order${orders === 1 ? '' : 's'}`;
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
