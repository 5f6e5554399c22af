import { Box, Grid, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { telHref } from '../../lib/tel';
import { graphql } from '../../gql';

const AboutPageVenueQuery = graphql(`
  query AboutPageVenue {
    venue {
      name
      tagline
      address
      phone
      email
      openingHours {
        summary
      }
      map {
        url
        embedUrl
      }
    }
  }
`);

export function AboutPage() {
  const { data } = useQuery(AboutPageVenueQuery);
  const venue = data?.venue;
  return (
    <Stack gap="8">
      <Stack gap="3" maxW="3xl">
        <Heading as="h1" size="3xl">
          About {venue?.name ?? 'Checkpoint'}
        </Heading>
        {/* Its place is kept while the venue loads (a line, two on a phone, where the default tagline wraps), so the
            text below does not jump down. */}
        <Text
          fontSize="lg"
          color="accent.fg"
          fontWeight="semibold"
          minH={venue ? undefined : { base: '3.5rem', md: '1.75rem' }}
        >
          {venue?.tagline ?? '\u00a0'}
        </Text>
        <Text fontSize="lg">
          Checkpoint is a social hub for gamers, coffee lovers and tech fans, right on a busy city street. Book a
          console, VR rig or gaming PC by the hour, grab a coffee or a gamer-themed drink at the bar, and pick up the
          latest games and gear in our shop.
        </Text>
        <Text fontSize="lg">
          We are open {venue ? venue.openingHours.summary : '7 days a week'}. Come alone, bring your squad, or meet new
          players over a snack in the lounge.
        </Text>
      </Stack>
      <Grid templateColumns={{ base: '1fr', md: '1fr 2fr' }} gap="6">
        {/* Room for the four lines below while the venue loads (one column on a phone: the map would jump down). */}
        <Stack gap="2" minH={venue ? undefined : '9.5rem'}>
          <Heading size="md">Visit us</Heading>
          {venue && (
            <>
              <Text>{venue.address}</Text>
              <Link href={telHref(venue.phone)} color="brand.fg">
                {venue.phone}
              </Link>
              <Link href={`mailto:${venue.email}`} color="brand.fg">
                {venue.email}
              </Link>
              <Link href={venue.map.url} target="_blank" rel="noopener noreferrer" color="brand.fg">
                Open the map
              </Link>
            </>
          )}
        </Stack>
        <Box rounded="lg" overflow="hidden" borderWidth="1px" h={{ base: '260px', md: '360px' }} bg="bg.muted">
          {venue && (
            // Named apart from the footer's map ('Map of …'), which is on this page too: a list of the page's frames
            // tells them apart.
            <iframe
              title={`Where to find ${venue.name}`}
              src={venue.map.embedUrl}
              loading="lazy"
              style={{ border: 0, width: '100%', height: '100%' }}
            />
          )}
        </Box>
      </Grid>
    </Stack>
  );
}
