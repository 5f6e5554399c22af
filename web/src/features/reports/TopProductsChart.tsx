import { Box, Text, useBreakpointValue } from '@chakra-ui/react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
  type YAxisTickContentProps,
} from 'recharts';
import { graphql } from '../../gql';
import type { TopProductsChart_ProductFragment } from '../../gql/graphql';
import { formatPrice, formatWholeDollars } from '../../lib/money';

graphql(`
  fragment TopProductsChart_product on TopProduct {
    productId
    name
    units
    revenue
    stock
  }
`);

const AXIS = { fill: 'var(--chakra-colors-fg-muted)' };
const ROW_HEIGHT = 36;
/** Room between a name and the bars (recharts' tick line and margin). */
const TICK_GAP = 10;

/**
 * A product name left of its bar: up to two lines, then an ellipsis that the browser places (HTML in the SVG, so the
 * cut follows the real text width); the full name is in the hover title and the tooltip.
 */
function ProductTick({ x, y, payload, labelWidth }: YAxisTickContentProps & { labelWidth: number }) {
  const name = String(payload.value);
  return (
    <foreignObject x={Number(x) - labelWidth} y={Number(y) - ROW_HEIGHT / 2} width={labelWidth} height={ROW_HEIGHT}>
      <div title={name} style={{ display: 'flex', height: '100%', alignItems: 'center', justifyContent: 'flex-end' }}>
        <span
          style={{
            display: '-webkit-box',
            WebkitBoxOrient: 'vertical',
            WebkitLineClamp: 2,
            overflow: 'hidden',
            overflowWrap: 'anywhere',
            textAlign: 'right',
            lineHeight: 1.2,
            color: AXIS.fill,
          }}
        >
          {name}
        </span>
      </div>
    </foreignObject>
  );
}

/** The full name, revenue, units and stock; narrow on a phone, where the plot area is. */
function ProductTooltip({ active, payload }: TooltipContentProps) {
  const product = payload[0]?.payload as TopProductsChart_ProductFragment | undefined;
  if (!active || !product) return null;
  return (
    <Box
      bg="bg.panel"
      color="fg"
      borderWidth="1px"
      rounded="sm"
      px="3"
      py="2"
      fontSize="sm"
      maxW={{ base: '40', md: '64' }}
      boxShadow="sm"
    >
      <Text fontWeight="semibold">{product.name}</Text>
      <Text>Item revenue {formatPrice(product.revenue)}</Text>
      <Text color="fg.muted">
        {product.units} sold · {product.stock} in stock
      </Text>
    </Box>
  );
}

/** Best sellers by revenue, one horizontal bar each; units and stock in the tooltip. */
export function TopProductsChart({ products }: { products: TopProductsChart_ProductFragment[] }) {
  // A phone keeps most of its width for the bars; the names take two lines there.
  const axisWidth = useBreakpointValue({ base: 112, sm: 160, md: 220 }) ?? 112;
  return (
    <Box
      h={`${Math.max(160, products.length * ROW_HEIGHT + 40)}px`}
      // Chakra's preflight sets `font: inherit` on every element, which beats the ticks' font-size attribute.
      fontSize="xs"
      data-testid="top-products-chart"
    >
      <ResponsiveContainer width="100%" height="100%">
        {/* Recharts makes the chart a tab stop whose arrow keys walk the tooltip through the bars: it is named. */}
        <BarChart
          data={products}
          layout="vertical"
          margin={{ top: 0, right: 24, bottom: 0, left: 0 }}
          aria-label="Top products"
          aria-roledescription="chart"
        >
          <CartesianGrid stroke="var(--chakra-colors-border)" strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tick={AXIS} tickFormatter={formatWholeDollars} />
          <YAxis
            type="category"
            dataKey="name"
            width={axisWidth}
            interval={0}
            tick={(props: YAxisTickContentProps) => <ProductTick {...props} labelWidth={axisWidth - TICK_GAP} />}
          />
          <Tooltip cursor={{ fill: 'var(--chakra-colors-bg-muted)' }} content={ProductTooltip} />
          <Bar
            dataKey="revenue"
            name="Revenue"
            fill="var(--chakra-colors-brand-solid)"
            radius={[0, 4, 4, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
