import { act, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router-dom';
import { system } from '../../app/theme';
import { CartProvider } from '../cart/CartProvider';
import { ASK_AGAIN_MS } from '../../lib/use-ask-again';
import { FeaturedProducts, HomePageFeatured } from './HomePage';

const halo = {
  __typename: 'Product' as const,
  id: 'p1',
  name: 'Halo Infinite',
  price: 59.99,
  salePrice: 44.99,
  discount: 25,
  amount: 3,
  inStock: true,
  platform: 'XBox' as const,
  images: [{ __typename: 'ProductImage' as const, id: 'i1', smallUrl: '/uploads/halo-small.webp' }],
};

const renderFeatured = (mocks: MockLink.MockedResponse[]) =>
  render(
    <ChakraProvider value={system}>
      <MockedProvider mocks={mocks}>
        <CartProvider>
          <MemoryRouter>
            <FeaturedProducts />
          </MemoryRouter>
        </CartProvider>
      </MockedProvider>
    </ChakraProvider>,
  );

describe('FeaturedProducts', () => {
  it('hides while the featured products cannot be loaded, and shows them once asking again is answered', async () => {
    jest.useFakeTimers();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const answered = jest.fn(() => ({ data: { featuredProducts: [halo] } }));
      renderFeatured([
        { request: { query: HomePageFeatured }, error: new Error('Failed to fetch') },
        { request: { query: HomePageFeatured }, result: answered },
      ]);
      await waitFor(() => expect(logged).toHaveBeenCalled());
      expect(screen.queryByRole('heading', { name: 'Featured games and accessories' })).toBeNull();
      await act(async () => jest.advanceTimersByTime(ASK_AGAIN_MS));
      expect(await screen.findByRole('heading', { name: 'Featured games and accessories' })).toBeVisible();
      expect(await screen.findByText('Halo Infinite')).toBeVisible();
      expect(answered).toHaveBeenCalledTimes(1);
    } finally {
      logged.mockRestore();
      jest.useRealTimers();
    }
  });
});
