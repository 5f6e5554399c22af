import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { system } from '../theme';
import { Footer, FooterVenueQuery } from './Footer';
import { ASK_AGAIN_MS as FOOTER_RETRY_MS } from '../../lib/use-ask-again';
import { Layout } from './Layout';
import { TopBar } from './TopBar';

const venue = {
  request: { query: FooterVenueQuery },
  result: {
    data: {
      venue: {
        __typename: 'Venue',
        name: 'Checkpoint',
        address: '214 Elm Street',
        phone: '+1 555 0142',
        email: 'hello@checkpoint.games',
        openingHours: { __typename: 'OpeningHours', summary: '10am to 12am, 7 days a week' },
        social: { __typename: 'SocialLinks', facebook: '', instagram: '', x: '', discord: '' },
        map: {
          __typename: 'MapLocation',
          url: 'https://www.openstreetmap.org/?mlat=40.7143&mlon=-73.9565',
          embedUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=-73.96,40.71,-73.95,40.72',
        },
      },
    },
  },
};

function Broken(): never {
  throw new Error('render failed');
}

describe('layout', () => {
  it('shows a crashed screen as an error inside the page, keeps the top bar, and recovers on the next page', async () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    render(
      <ChakraProvider value={system}>
        <MockedProvider mocks={[venue]}>
          <MemoryRouter initialEntries={['/shop']}>
            <Routes>
              <Route element={<Layout />}>
                <Route path="/shop" element={<Broken />} />
                <Route path="/about" element={<p>About the venue</p>} />
              </Route>
            </Routes>
          </MemoryRouter>
        </MockedProvider>
      </ChakraProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument(); // the top bar is still there
    expect(quiet).toHaveBeenCalled(); // the error is logged, not swallowed
    quiet.mockRestore();

    // (jsdom has no media queries: the top bar is in its phone layout, its links hidden by CSS but there)
    await user.click(screen.getAllByRole('link', { name: 'About Us', hidden: true })[0]);
    expect(await screen.findByText('About the venue')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});

describe('footer', () => {
  const renderFooter = (mocks: MockLink.MockedResponse[]) =>
    render(
      <ChakraProvider value={system}>
        <MockedProvider mocks={mocks}>
          <Footer />
        </MockedProvider>
      </ChakraProvider>,
    );

  it('shows … for the hours while the venue loads, then its hours, contact and map', async () => {
    renderFooter([venue]);
    expect(screen.getByTestId('opening-hours')).toHaveTextContent('…');
    expect(await screen.findByText('214 Elm Street')).toBeInTheDocument();
    expect(screen.getByTestId('opening-hours')).toHaveTextContent('10am to 12am, 7 days a week');
    expect(screen.getByTitle('Map of Checkpoint')).toBeInTheDocument();
  });

  it('says the details could not be loaded instead of headings over nothing, and asks again, less often each time', async () => {
    jest.useFakeTimers();
    try {
      const asked = jest.fn(() => ({ errors: [{ message: 'Service unavailable' }] }));
      const answered = jest.fn(() => venue.result as { data: Record<string, unknown> });
      renderFooter([
        { request: { query: FooterVenueQuery }, error: new Error('down') },
        { request: { query: FooterVenueQuery }, result: asked }, // after 5 s: still down
        { request: { query: FooterVenueQuery }, result: answered }, // after 10 s more: back
      ]);
      expect(await screen.findByText('The venue’s details could not be loaded. Trying again shortly.')).toBeVisible();
      expect(screen.getByTestId('opening-hours')).toHaveTextContent('Not available right now');
      await act(async () => jest.advanceTimersByTime(FOOTER_RETRY_MS));
      await waitFor(() => expect(asked).toHaveBeenCalledTimes(1));
      await waitFor(() => expect(screen.getByTestId('opening-hours')).toHaveTextContent('Not available right now'));
      await act(async () => jest.advanceTimersByTime(FOOTER_RETRY_MS)); // not yet: the wait has doubled
      expect(answered).not.toHaveBeenCalled();
      await act(async () => jest.advanceTimersByTime(FOOTER_RETRY_MS));
      expect(await screen.findByText('214 Elm Street')).toBeInTheDocument();
      expect(answered).toHaveBeenCalledTimes(1);
      expect(screen.getByTestId('opening-hours')).toHaveTextContent('10am to 12am, 7 days a week');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('top bar cart badge', () => {
  const renderTopBar = (cartCount: number | undefined) =>
    render(
      <ChakraProvider value={system}>
        <MemoryRouter>
          <TopBar onOpenMenu={() => {}} cartCount={cartCount} />
        </MemoryRouter>
      </ChakraProvider>,
    );

  it('shows the count, 0 included', () => {
    renderTopBar(0);
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-count')).toBeVisible();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0');
  });

  it('shows no count while a signed-in cart is still loading, rather than a 0 that turns into its count', () => {
    renderTopBar(undefined);
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-count')).not.toBeVisible();
  });
});
