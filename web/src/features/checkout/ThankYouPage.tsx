import { useEffect, useRef } from 'react';
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { LuCircleCheck } from 'react-icons/lu';
import { useCart } from '../cart/use-cart';
import type { ThankYouState } from './CheckoutPage';

/** /thank-you: the order went through; the cart is emptied here (spec §2), whoever kept it. */
export function ThankYouPage() {
  const cart = useCart();
  const { state } = useLocation() as { state: ThankYouState | null };
  const emptied = useRef(false);
  useEffect(() => {
    if (emptied.current || cart.loading) return;
    emptied.current = true;
    if (cart.lines.length) void cart.clear().catch((e: unknown) => console.error('Clear cart failed', e));
  }, [cart]);

  return (
    <Stack align="center" textAlign="center" gap="5" py={{ base: '10', md: '16' }}>
      <Box as={LuCircleCheck} boxSize="16" color="green.500" />
      <Heading as="h1" size="2xl">
        Thank you for your order!
      </Heading>
      {state?.orderId && (
        <Text fontSize="lg">
          Order <strong>#{state.orderId}</strong> is confirmed.
        </Text>
      )}
      <Text color="fg.muted" maxW="md">
        We have sent a confirmation to your e-mail. You can follow your order in your profile.
      </Text>
      <Button asChild colorPalette="brand" size="lg">
        <RouterLink to="/shop">Continue Shopping</RouterLink>
      </Button>
    </Stack>
  );
}
