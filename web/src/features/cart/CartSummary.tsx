import type { ReactNode } from 'react';
import { HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { formatPrice } from '../../lib/money';

function Row({ label, value, strong, compact }: { label: string; value: number; strong?: boolean; compact?: boolean }) {
  const fontSize = compact ? (strong ? 'md' : 'sm') : strong ? 'lg' : undefined;
  return (
    <HStack justify="space-between" fontWeight={strong ? 'bold' : undefined} fontSize={fontSize}>
      <Text>{label}</Text>
      <Text>{formatPrice(value)}</Text>
    </HStack>
  );
}

/**
 * Subtotal, tax, shipping when given, and the total (the cart page leaves shipping out, spec §9). Compact in the top
 * bar's cart preview.
 */
export function CartSummary({
  subtotal,
  tax,
  shipping,
  total,
  compact,
  children,
}: {
  subtotal: number;
  tax: number;
  shipping?: number;
  total: number;
  compact?: boolean;
  children?: ReactNode;
}) {
  return (
    <Stack gap={compact ? '1' : '2'}>
      <Row label="Subtotal" value={subtotal} compact={compact} />
      <Row label="Tax (10%)" value={tax} compact={compact} />
      {shipping !== undefined && <Row label="Shipping" value={shipping} compact={compact} />}
      <Separator my="1" />
      <Row label="Total" value={total} strong compact={compact} />
      {children}
    </Stack>
  );
}
