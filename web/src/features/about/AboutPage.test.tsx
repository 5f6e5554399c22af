import { render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { system } from '../../app/theme';
import { AboutPageVenueDocument as AboutVenue, FooterVenueDocument as FooterVenue } from '../../gql/graphql';
import { Footer } from '../../app/layout/Footer';
import { AboutPage } from './AboutPage';

/** What the about page and the footer both ask of the venue. */
const common = {
  __typename: 'Venue' as const,
  name: 'Checkpoint',
  address: '214 Elm Street',
  phone: '+1 555 0142',
  email: 'hello@checkpoint.games',
  openingHours: { __typename: 'OpeningHours' as const, summary: '10am to 12am, 7 days a week' },
  map: {
    __typename: 'MapLocation' as const,
    url: 'https://www.openstreetmap.org/?mlat=40.7143&mlon=-73.9565',
    embedUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=-73.96,40.71,-73.95,40.72',
  },
};

const aboutVenue: MockLink.MockedResponse = {
  request: { query: AboutVenue },
  result: { data: { venue: { ...common, tagline: 'Play, sip, repeat.' } } },
};
const footerVenue: MockLink.MockedResponse = {
  request: { query: FooterVenue },
  result: {
    data: {
      venue: {
        ...common,
        timeZone: 'America/New_York',
        social: { __typename: 'SocialLinks' as const, facebook: '', instagram: '', x: '', discord: '' },
      },
    },
  },
};

describe('AboutPage', () => {
  it("names its map apart from the footer's, which is on the page too", async () => {
    render(
      <ChakraProvider value={system}>
        {/* a cache each: the app's shares the venue between them (lib/apollo.ts), a bare one would not */}
        <MockedProvider mocks={[aboutVenue]}>
          <AboutPage />
        </MockedProvider>
        <MockedProvider mocks={[footerVenue]}>
          <Footer />
        </MockedProvider>
      </ChakraProvider>,
    );
    expect(await screen.findByTitle('Where to find Checkpoint')).toBeInTheDocument();
    expect(await screen.findByTitle('Map of Checkpoint')).toBeInTheDocument();
  });
});
