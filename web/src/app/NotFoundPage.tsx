import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <Stack align="center" textAlign="center" gap="4" py="16">
      <Text fontSize="7xl" fontWeight="black" color={{ _light: 'gold.600', _dark: 'accent.solid' }} lineHeight="1">
        404
      </Text>
      <Heading as="h1" size="2xl">
        Oops! Page Not Found
      </Heading>
      <Text color="fg.muted">The page you are looking for does not exist or has moved.</Text>
      <Button asChild colorPalette="brand">
        <RouterLink to="/">Go back home</RouterLink>
      </Button>
    </Stack>
  );
}
