import { useState, type ReactElement } from 'react';
import { Button, HoverCard, HStack, IconButton, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LuTrash2 } from 'react-icons/lu';
import { formatPrice } from '../../lib/money';
import { isSoldOut, NO_LONGER_AVAILABLE, type CartLine } from './cart-line';
import { useCart } from './use-cart';
import { ProductThumbnail } from './ProductThumbnail';
import { CartSummary } from './CartSummary';
import { logFailure } from '../../lib/errors';

/** Quantity × price, or why the line counts nothing; a line holding more than the stock says so. */
function PreviewLineDetail({ line }: { line: CartLine }) {
  if (!line.available || isSoldOut(line)) {
    return (
      <Text fontSize="sm" color="fg.error">
        {line.available ? line.stockNote : NO_LONGER_AVAILABLE}
      </Text>
    );
  }
  return (
    <Text fontSize="sm" color="fg.muted">
      {line.quantity} × {formatPrice(line.unitPrice)}
      {line.stockNote && (
        <Text as="span" color="fg.warning" fontWeight="semibold">
          {' '}
          · {line.stockNote}
        </Text>
      )}
    </Text>
  );
}

/**
 * The top bar's cart preview (spec §2): lines with quantity × price, subtotal, tax and total, remove per line,
 * View Cart and Checkout. Loaded on the first mouse hover of the cart icon, which is why it
 * starts open: the pointer that asked for it is already there.
 */
export function CartPreview({ trigger }: { trigger: ReactElement }) {
  const [open, setOpen] = useState(true);
  const cart = useCart();
  const close = () => setOpen(false);
  return (
    <HoverCard.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      openDelay={100}
      closeDelay={250}
      positioning={{ placement: 'bottom-end' }}
    >
      {/* Following the icon to the cart page closes the card, which would cover that page's top. */}
      <HoverCard.Trigger asChild onClick={close}>
        {trigger}
      </HoverCard.Trigger>
      <Portal>
        <HoverCard.Positioner>
          {/* No taller than the room under the icon (the positioner's --available-height): on a short window (a zoomed
              one) the lines scroll, and the total and the buttons stay in view. */}
          <HoverCard.Content
            width="320px"
            maxW="calc(100vw - 16px)"
            maxH="var(--available-height)"
            display="flex"
            flexDirection="column"
            p="4"
            data-testid="cart-preview"
          >
            {cart.lines.length === 0 ? (
              <Text color="fg.muted">Your cart is empty.</Text>
            ) : (
              <Stack gap="3" minH="0">
                <Stack gap="2" maxH="60vh" minH="0" overflowY="auto" as="ul" listStyleType="none">
                  {cart.lines.map((line) => (
                    <HStack as="li" key={line.productId} gap="3">
                      <ProductThumbnail src={line.imageUrl} width="12" />
                      <Stack gap="0" flex="1" minW="0">
                        {/* two lines: a name's end often tells products apart ("Lounge Session Pass (5 h)") */}
                        <Text fontWeight="semibold" fontSize="sm" lineClamp="2" overflowWrap="anywhere">
                          {line.name}
                        </Text>
                        <PreviewLineDetail line={line} />
                      </Stack>
                      <IconButton
                        aria-label={`Remove ${line.name}`}
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        onClick={() =>
                          void cart.remove(line.productId).catch((e: unknown) => logFailure('Remove failed', e))
                        }
                      >
                        <LuTrash2 />
                      </IconButton>
                    </HStack>
                  ))}
                </Stack>
                <Separator flexShrink={0} />
                {/* The total is subtotal + tax, as on the cart page: said, so it adds up with the lines above. */}
                <CartSummary subtotal={cart.subtotal} tax={cart.tax} total={cart.cartTotal} compact />
              </Stack>
            )}
            <HStack gap="2" mt="4" flexShrink={0}>
              <Button asChild size="sm" variant="outline" colorPalette="brand" flex="1">
                <RouterLink to="/cart" onClick={close}>
                  View Cart
                </RouterLink>
              </Button>
              {/* An empty cart has nothing to check out: the checkout page would only say so. */}
              {cart.lines.length > 0 && (
                <Button asChild size="sm" colorPalette="brand" flex="1">
                  <RouterLink to="/checkout" onClick={close}>
                    Checkout
                  </RouterLink>
                </Button>
              )}
            </HStack>
          </HoverCard.Content>
        </HoverCard.Positioner>
      </Portal>
    </HoverCard.Root>
  );
}
