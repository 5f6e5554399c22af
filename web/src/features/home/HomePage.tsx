import { Box, Button, Card, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { Link as RouterLink } from 'react-router-dom';
import { LuArmchair, LuCoffee, LuGlassWater } from 'react-icons/lu';
import type { IconType } from 'react-icons';
import { graphql } from '../../gql';
import { LocationNotice } from '../../components/LocationNotice';
import { ProductCard } from '../shop/ProductCard';
import { useLoggedFailure } from '../../lib/errors';
import { useAskAgainWhileFailing } from '../../lib/use-ask-again';
import { ON_NAVY_FOCUS_RING } from '../../lib/focus-ring';

export const HomePageFeatured = graphql(`
  query HomePageFeatured {
    featuredProducts {
      ...ProductCard_product
    }
  }
`);

const BAR_HIGHLIGHTS: { title: string; text: string; icon: IconType }[] = [
  { title: 'Coffee and snacks', text: 'Fresh espresso, pastries and snacks to keep you going.', icon: LuCoffee },
  { title: 'Gamer-themed drinks', text: 'Potions, power-ups and mana refills from the bar.', icon: LuGlassWater },
  { title: 'Cozy lounge seating', text: 'Sofas and bean bags for watching, chatting and resting.', icon: LuArmchair },
];

function HighlightCards({ items }: { items: typeof BAR_HIGHLIGHTS }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
      {items.map(({ title, text, icon: Icon }) => (
        <Card.Root key={title} variant="elevated">
          <Card.Body gap="3">
            <Box color="accent.fg">
              <Icon size="32" />
            </Box>
            <Card.Title>{title}</Card.Title>
            <Card.Description>{text}</Card.Description>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

/**
 * The featured games and accessories from the shop; the section hides if there are none, and while they cannot be
 * loaded, which is asked again until they are.
 */
export function FeaturedProducts() {
  const featured = useQuery(HomePageFeatured);
  const { data, loading, error } = featured;
  useLoggedFailure('Featured products failed to load', error);
  useAskAgainWhileFailing(featured);
  const products = data?.featuredProducts ?? [];
  if (!loading && products.length === 0) return null;
  return (
    <Stack as="section" gap="5" aria-labelledby="featured-heading">
      <HStack justify="space-between" align="end" flexWrap="wrap">
        <Heading as="h2" size="2xl" id="featured-heading">
          Featured games and accessories
        </Heading>
        <Button asChild variant="outline" colorPalette="brand" size="sm">
          <RouterLink to="/shop">See all products</RouterLink>
        </Button>
      </HStack>
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3, lg: 4 }} gap="5">
        {loading
          ? Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height="340px" rounded="lg" />)
          : products.map((product) => <ProductCard key={product.id} product={product} />)}
      </SimpleGrid>
    </Stack>
  );
}

export function HomePage() {
  return (
    <Stack gap={{ base: '12', md: '16' }}>
      <LocationNotice />
      <Box
        as="section"
        rounded="2xl"
        px={{ base: '6', md: '12' }}
        py={{ base: '12', md: '20' }}
        color="white"
        bgGradient="to-br"
        gradientFrom="navy.900"
        gradientTo="navy.600"
        css={ON_NAVY_FOCUS_RING}
      >
        <Stack gap="5" maxW="2xl">
          <Text color="gold.400" fontWeight="bold" letterSpacing="wider" textTransform="uppercase" fontSize="sm">
            Consoles · VR · PC · Bar
          </Text>
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1">
            Your next level starts at Checkpoint
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.900">
            Book a console or VR session by the hour, play with friends, and refuel at the bar.
          </Text>
          <HStack gap="3" flexWrap="wrap">
            <Button asChild size="lg" bg="gold.400" color="navy.950" _hover={{ bg: 'gold.300' }}>
              <RouterLink to="/booking">Book a Session</RouterLink>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              color="white"
              borderColor="whiteAlpha.600"
              _hover={{ bg: 'whiteAlpha.200' }}
            >
              <RouterLink to="/shop">Visit the Shop</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </Box>

      <FeaturedProducts />

      <Stack
        as="section"
        gap="4"
        align="center"
        textAlign="center"
        py="10"
        px="6"
        rounded="2xl"
        bg="accent.subtle"
        borderWidth="1px"
        borderColor="accent.emphasized"
      >
        <Heading as="h2" size="2xl">
          Ready to play?
        </Heading>
        <Text color="fg.muted" maxW="xl">
          Pick a session and a time, and we will have a station ready when you arrive.
        </Text>
        <Button asChild size="lg" colorPalette="brand">
          <RouterLink to="/booking">Book a Session</RouterLink>
        </Button>
      </Stack>

      <Stack as="section" gap="5">
        <Heading as="h2" size="2xl">
          At the bar
        </Heading>
        <HighlightCards items={BAR_HIGHLIGHTS} />
        <Button asChild variant="outline" alignSelf="start" colorPalette="brand">
          <RouterLink to="/menu">See the menu</RouterLink>
        </Button>
      </Stack>
    </Stack>
  );
}
