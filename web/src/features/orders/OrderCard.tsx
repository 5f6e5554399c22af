import { Fragment, type ReactNode } from 'react';
import { Badge, Button, Card, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { graphql } from '../../gql';
import type { OrderCard_OrderFragment, OrderStatus } from '../../gql/graphql';
import { formatPrice } from '../../lib/money';
import { useVenueTimeZone } from '../../lib/venue-time';

graphql(`
  fragment OrderCard_order on Order {
    id
    displayId
    createdAt
    status
    isDelivered
    canCancel
    paymentMethod
    refundFailure
    subtotal
    tax
    shipping
    totalAmount
    orderDetail {
      fullName
      email
    }
    items {
      id
      name
      quantity
      lineTotal
    }
  }
`);

/** When the order was placed, in venue time (as the reports count it) and saying so: "Nov 23, 2026, 5:18 PM EST". */
function placedAt(iso: string, timeZone?: string): string {
  const shown = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
  return timeZone ? `${shown} ${zoneName(iso, timeZone)}` : shown;
}

const zoneName = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((part) => part.type === 'timeZoneName')?.value ?? '';

/** Spec §4: paid green, cancelled grey, anything else blue. */
const STATUS_PALETTE: Record<OrderStatus, string> = { paid: 'green', cancelled: 'gray', unpaid: 'blue' };

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  return (
    <Badge colorPalette={STATUS_PALETTE[status] ?? 'blue'} variant="subtle" size="md">
      {status.toUpperCase()}
    </Badge>
  );
}

export function DeliveryChip({ delivered, cancelled = false }: { delivered: boolean; cancelled?: boolean }) {
  // Spec §4: the chip reads Delivered or Not delivered yet on every order; on a cancelled one it is grey, not the
  // amber of an order still to come.
  const palette = delivered ? 'green' : cancelled ? 'gray' : 'orange';
  return (
    <Badge colorPalette={palette} variant="outline" size="md">
      {delivered ? 'Delivered' : 'Not delivered yet'}
    </Badge>
  );
}

/** Cancel, named after its order (a screen reader's list of buttons tells one order's from another's). */
export function CancelOrderButton({
  order,
  onCancel,
  cancelling,
}: {
  order: Pick<OrderCard_OrderFragment, 'id' | 'displayId'>;
  onCancel: (id: string) => void;
  /** The order whose cancel is on its way (useCancelOrder): its button is busy meanwhile. */
  cancelling?: string;
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      colorPalette="red"
      loading={cancelling === order.id}
      aria-label={`Cancel order #${order.displayId}`}
      onClick={() => onCancel(order.id)}
    >
      Cancel order
    </Button>
  );
}

/** One order: id (last 6 characters, upper case), chips, items, totals, and the caller's actions. */
export function OrderCard({
  order,
  customer,
  actions,
}: {
  order: OrderCard_OrderFragment;
  customer?: boolean;
  actions?: ReactNode;
}) {
  const timeZone = useVenueTimeZone({ cacheOnly: true });
  return (
    <Card.Root as="article" variant="outline" size="sm" aria-label={`Order #${order.displayId}`}>
      <Card.Body gap="3">
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Stack gap="0">
            <Text fontWeight="bold" fontFamily="mono" fontSize="lg">
              #{order.displayId}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {placedAt(order.createdAt, timeZone)} · {order.paymentMethod === 'stripe' ? 'Card' : 'Cash'}
            </Text>
          </Stack>
          <HStack gap="2" flexWrap="wrap">
            <OrderStatusChip status={order.status} />
            <DeliveryChip delivered={order.isDelivered} cancelled={order.status === 'cancelled'} />
            {order.refundFailure && (
              <Badge colorPalette="red" variant="solid" size="md">
                Refund failed
              </Badge>
            )}
          </HStack>
        </HStack>
        {order.status === 'cancelled' && order.paymentMethod === 'stripe' && !order.refundFailure && (
          // A card order is paid when placed, and its cancel refunds it (a failed refund says so instead, below).
          <Text fontSize="sm" color="fg.muted">
            {customer
              ? "Refunded to the customer's card."
              : 'Refunded to your card. It can take 5 to 10 days to show on your statement.'}
          </Text>
        )}
        {order.refundFailure && (
          <Text fontSize="sm" color="fg.error">
            {customer
              ? `Stripe could not refund the card (${order.refundFailure}). Pay the customer back another way.`
              : `The refund to your card failed (${order.refundFailure}). We will pay you back another way and be in touch.`}
          </Text>
        )}
        {customer && (
          <Text fontSize="sm" overflowWrap="anywhere">
            {order.orderDetail.fullName} · {order.orderDetail.email}
          </Text>
        )}
        <Stack as="ul" listStyleType="none" gap="1">
          {order.items.map((item) => (
            <HStack as="li" key={item.id} justify="space-between" gap="3" fontSize="sm">
              <Text overflowWrap="anywhere">
                {item.name} × {item.quantity}
              </Text>
              <Text>{formatPrice(item.lineTotal)}</Text>
            </HStack>
          ))}
        </Stack>
        <Separator />
        <HStack justify="space-between" flexWrap="wrap" gap="3">
          {/* Each figure stays with its label when the line wraps on a phone. */}
          <Text fontSize="sm" color="fg.muted">
            {(
              [
                ['Subtotal', order.subtotal],
                ['Tax', order.tax],
                ['Shipping', order.shipping],
              ] as const
            ).map(([label, amount], i) => (
              <Fragment key={label}>
                {i > 0 && ' · '}
                <Text as="span" whiteSpace="nowrap">
                  {label} {formatPrice(amount)}
                </Text>
              </Fragment>
            ))}
          </Text>
          <Text fontWeight="bold">Total {formatPrice(order.totalAmount)}</Text>
        </HStack>
        {actions && (
          <HStack gap="2" justify="flex-end" flexWrap="wrap">
            {actions}
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
