import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LuShoppingBag } from 'react-icons/lu';

/** What the cart and checkout pages show for an empty cart: say so, and lead to the shop. */
export function CartEmpty() {
  return (
    <Stack align="center" gap="4" py="12" textAlign="center">
      <Box as={LuShoppingBag} boxSize="12" color="fg.muted" />
      <Text fontSize="lg" color="fg.muted">
        Your cart is empty.
      </Text>
      <Button asChild colorPalette="brand">
        <RouterLink to="/shop">Browse Shop</RouterLink>
      </Button>
    </Stack>
  );
}
