import type { ReactNode } from 'react';
import { HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { formatPrice } from '../../lib/money';

function Row({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <HStack justify="space-between" fontWeight={strong ? 'bold' : undefined} fontSize={strong ? 'lg' : undefined}>
      <Text>{label}</Text>
      <Text>{formatPrice(value)}</Text>
    </HStack>
  );
}

/** Subtotal, tax, shipping when given, and the total (the cart page leaves shipping out, spec §9). */
export function CartSummary({
  subtotal,
  tax,
  shipping,
  total,
  children,
}: {
  subtotal: number;
  tax: number;
  shipping?: number;
  total: number;
  children?: ReactNode;
}) {
  return (
    <Stack gap="2">
      <Row label="Subtotal" value={subtotal} />
      <Row label="Tax (10%)" value={tax} />
      {shipping !== undefined && <Row label="Shipping" value={shipping} />}
      <Separator my="1" />
      <Row label="Total" value={total} strong />
      {children}
    </Stack>
  );
}
