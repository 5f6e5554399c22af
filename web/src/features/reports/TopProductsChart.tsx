import { Box } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { graphql } from '../../gql';
import type { TopProductsChart_ProductFragment } from '../../gql/graphql';
import { formatPrice } from '../../lib/money';

graphql(`
  fragment TopProductsChart_product on TopProduct {
    productId
    name
    units
    revenue
    stock
  }
`);

const shortName = (name: string) => (name.length > 20 ? `${name.slice(0, 19)}…` : name);

const AXIS = { fontSize: 12, fill: 'var(--chakra-colors-fg-muted)' };

/** Best sellers by revenue, one horizontal bar each; units and stock in the tooltip. */
export function TopProductsChart({ products }: { products: TopProductsChart_ProductFragment[] }) {
  return (
    <Box
      h={`${Math.max(160, products.length * 36 + 40)}px`}
      role="img"
      aria-label="Top products"
      data-testid="top-products-chart"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={products} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="var(--chakra-colors-border)" strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tick={AXIS} tickFormatter={(value: number) => `$${value}`} />
          <YAxis type="category" dataKey="name" tick={AXIS} width={150} tickFormatter={shortName} />
          <Tooltip
            cursor={{ fill: 'var(--chakra-colors-bg-muted)' }}
            contentStyle={{
              background: 'var(--chakra-colors-bg-panel)',
              borderColor: 'var(--chakra-colors-border)',
              color: 'var(--chakra-colors-fg)',
            }}
            formatter={(value, _name, item) => [
              `${formatPrice(Number(value))} · ${item.payload.units} sold · ${item.payload.stock} in stock`,
              'Revenue',
            ]}
          />
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
