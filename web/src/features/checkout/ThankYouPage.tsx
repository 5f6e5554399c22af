import { useEffect } from 'react';
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { LuCircleCheck } from 'react-icons/lu';
import { useCartActions } from '../cart/use-cart';
import type { ThankYouState } from './CheckoutPage';
import { logFailure } from '../../lib/errors';
import { useCurrentUser } from '../../lib/auth';

/**
 * /thank-you: the order went through and its cart is emptied (spec §2), once per order: the history entry is then
 * marked, so coming Back to this page later (or reloading it) leaves a cart filled since alone.
 */
export function ThankYouPage() {
  const { orderPlaced } = useCartActions();
  const signedIn = useCurrentUser() !== null;
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as ThankYouState | null;
  const orderId = state?.orderId;
  const justPlaced = Boolean(orderId) && !state?.cartEmptied;
  useEffect(() => {
    if (!justPlaced) return;
    void orderPlaced().catch((e: unknown) => logFailure('Cart refresh failed', e));
    const handled: ThankYouState = { orderId, cartEmptied: true };
    void navigate(location.pathname + location.search, { replace: true, state: handled });
  }, [justPlaced, orderId, orderPlaced, navigate, location.pathname, location.search]);

  return (
    <Stack align="center" textAlign="center" gap="5" py={{ base: '10', md: '16' }}>
      <Box as={LuCircleCheck} boxSize="16" color="green.500" />
      <Heading as="h1" size="2xl">
        Thank you for your order!
      </Heading>
      {orderId ? (
        <>
          <Text fontSize="lg">
            Order <strong>#{orderId}</strong> is confirmed.
          </Text>
          <Text color="fg.muted" maxW="md">
            We have sent a confirmation to your e-mail. You can follow your order in your profile.
          </Text>
        </>
      ) : signedIn ? (
        // Opened without an order (a bookmark, a link): nothing was just sent; orders are in the profile.
        <Text color="fg.muted" maxW="md">
          You can follow your orders in your profile.
        </Text>
      ) : (
        // A guest has no profile to look in: orders are placed, and followed, once logged in.
        <Text color="fg.muted" maxW="md">
          Log in to follow your orders.
        </Text>
      )}
      <Button asChild colorPalette="brand" size="lg">
        <RouterLink to="/shop">Continue Shopping</RouterLink>
      </Button>
    </Stack>
  );
}
