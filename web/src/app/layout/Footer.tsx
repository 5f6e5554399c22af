import { Box, Grid, HStack, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { LuClock, LuMail, LuMapPin, LuPhone } from 'react-icons/lu';
import { FaDiscord, FaFacebook, FaInstagram, FaXTwitter } from 'react-icons/fa6';
import { telHref } from '../../lib/tel';
import { useAskAgainWhileFailing } from '../../lib/use-ask-again';
import { graphql } from '../../gql';
import { ON_NAVY_FOCUS_RING } from '../../lib/focus-ring';

export const FooterVenueQuery = graphql(`
  query FooterVenue {
    venue {
      name
      timeZone
      address
      phone
      email
      openingHours {
        summary
      }
      social {
        facebook
        instagram
        x
        discord
      }
      map {
        url
        embedUrl
      }
    }
  }
`);

/** On every page: opening hours, contact, social links and a map, all from the `venue` query. */
export function Footer() {
  const venueQuery = useQuery(FooterVenueQuery);
  const { data, error } = venueQuery;
  const venue = data?.venue;
  // Until the venue answers, its lines keep their room (nothing moves when they come); if it cannot, the footer says so
  // rather than showing headings over nothing.
  const unavailable = !venue && Boolean(error);
  // ...and asks again, after a while and as soon as the browser is back online.
  useAskAgainWhileFailing(venueQuery);
  const social = venue
    ? [
        { label: 'Facebook', href: venue.social.facebook, icon: FaFacebook },
        { label: 'Instagram', href: venue.social.instagram, icon: FaInstagram },
        { label: 'X', href: venue.social.x, icon: FaXTwitter },
        { label: 'Discord', href: venue.social.discord, icon: FaDiscord },
      ]
    : [];
  return (
    <Box as="footer" bg="topbar.bg" color="whiteAlpha.900" mt="16" css={ON_NAVY_FOCUS_RING}>
      <Grid
        maxW="1200px"
        mx="auto"
        px={{ base: '4', md: '6' }}
        py="10"
        gap="8"
        templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }}
      >
        <Stack gap="3">
          <Heading size="md" color="gold.400">
            Opening hours
          </Heading>
          <HStack gap="2" data-testid="opening-hours">
            <LuClock />
            <Text>{venue?.openingHours.summary ?? (unavailable ? 'Not available right now' : '…')}</Text>
          </HStack>
        </Stack>
        <Stack gap="3">
          <Heading size="md" color="gold.400">
            Contact
          </Heading>
          {unavailable && (
            <Text color="whiteAlpha.800">The venue’s details could not be loaded. Trying again shortly.</Text>
          )}
          {!venue && !unavailable && (
            <Stack gap="3" aria-hidden>
              {['80%', '55%', '65%'].map((width) => (
                <Skeleton key={width} height="5" width={width} />
              ))}
            </Stack>
          )}
          {venue && (
            <>
              <HStack gap="2" align="start">
                <Box as={LuMapPin} mt="1" flexShrink={0} />
                <Text>{venue.address}</Text>
              </HStack>
              <HStack gap="2">
                <LuPhone />
                <Link href={telHref(venue.phone)} color="inherit">
                  {venue.phone}
                </Link>
              </HStack>
              <HStack gap="2">
                <LuMail />
                <Link href={`mailto:${venue.email}`} color="inherit">
                  {venue.email}
                </Link>
              </HStack>
            </>
          )}
          <HStack gap="3" pt="1">
            {social.map(({ label, href, icon: Icon }) => (
              <Link
                key={label}
                href={href}
                aria-label={label}
                target="_blank"
                rel="noopener noreferrer"
                color="inherit"
                _hover={{ color: 'gold.300' }}
              >
                <Icon size="22" />
              </Link>
            ))}
          </HStack>
        </Stack>
        <Stack gap="3">
          <Heading size="md" color="gold.400">
            Find us
          </Heading>
          {unavailable && <Text color="whiteAlpha.800">The map could not be loaded.</Text>}
          <Box
            hidden={unavailable}
            rounded="md"
            overflow="hidden"
            borderWidth="1px"
            borderColor="whiteAlpha.300"
            h="160px"
            bg="navy.800"
          >
            {venue && (
              <iframe
                title={`Map of ${venue.name}`}
                src={venue.map.embedUrl}
                loading="lazy"
                style={{ border: 0, width: '100%', height: '100%' }}
              />
            )}
          </Box>
        </Stack>
      </Grid>
      <Text textAlign="center" fontSize="sm" color="whiteAlpha.700" pb="6">
        © {new Date().getFullYear()} {venue?.name ?? 'Checkpoint'}
      </Text>
    </Box>
  );
}
