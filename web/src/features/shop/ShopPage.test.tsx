import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router-dom';
import { system } from '../../app/theme';
import { CartProvider } from '../cart/CartProvider';
import { ShopPage, ShopPageProducts } from './ShopPage';
import { forgetSpoken, spoken } from '../../test/spoken';

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

const product = {
  __typename: 'Product' as const,
  id: 'p1',
  name: 'Halo Infinite',
  price: 59.99,
  salePrice: 44.99,
  discount: 25,
  amount: 0,
  inStock: false,
  platform: 'XBox' as const,
  images: [{ __typename: 'ProductImage' as const, id: 'i1', smallUrl: '/uploads/halo-small.webp' }],
};

const page = (
  variables: Record<string, unknown>,
  items: (typeof product)[],
  totalPages = 1,
): MockLink.MockedResponse => ({
  request: { query: ShopPageProducts, variables },
  result: {
    data: {
      products: { __typename: 'ProductPage', total: items.length, page: 1, totalPages, items },
    },
  },
});

function renderShop(path: InitialEntry, mocks: MockLink.MockedResponse[]) {
  return render(
    <ChakraProvider value={system}>
      <MockedProvider mocks={mocks}>
        <CartProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/shop" element={<ShopPage />} />
            </Routes>
            <Where />
          </MemoryRouter>
        </CartProvider>
      </MockedProvider>
    </ChakraProvider>,
  );
}

const filterOf = (search?: string, category?: string) => ({ search, category, platform: undefined });

describe('ShopPage', () => {
  it('shows cards with 2-decimal prices and a disabled Add to Cart when out of stock', async () => {
    renderShop('/shop', [page({ filter: filterOf(), sort: undefined, page: 1 }, [product])]);
    expect(await screen.findByText('Halo Infinite')).toBeInTheDocument();
    expect(screen.getByText('$44.99')).toBeInTheDocument();
    expect(screen.getByText('$59.99')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Halo Infinite' })).toHaveAttribute('href', '/products/p1');
  });

  it("adds one unit for a guest's double click, and one more for a later click", async () => {
    localStorage.removeItem('cart');
    const inStock = { ...product, amount: 5, inStock: true };
    renderShop('/shop', [page({ filter: filterOf(), sort: undefined, page: 1 }, [inStock])]);
    const user = userEvent.setup();
    const units = () =>
      (JSON.parse(localStorage.getItem('cart') ?? '[]') as { quantity: number }[]).map((line) => line.quantity);
    await user.dblClick(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(units()).toEqual([1]);
    await user.click(screen.getByRole('button', { name: 'Added!' }));
    expect(units()).toEqual([2]);
    localStorage.removeItem('cart');
  });

  it('puts the search in the URL 400 ms after typing and goes back to page 1', async () => {
    const searched = jest.fn(() => ({
      data: { products: { __typename: 'ProductPage', total: 0, page: 1, totalPages: 1, items: [] } },
    }));
    renderShop('/shop?category=Games&page=3', [
      page({ filter: filterOf(undefined, 'Games'), sort: undefined, page: 3 }, [product], 3),
      { ...page({ filter: filterOf('halo', 'Games'), sort: undefined, page: 1 }, []), result: searched },
    ]);
    const box = await screen.findByPlaceholderText('Search products...');
    expect(await screen.findByText('Halo Infinite')).toBeInTheDocument();
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      // one paste, so the search is for the whole word
      await user.click(box);
      await user.paste('halo');
      act(() => jest.advanceTimersByTime(399));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/shop\?category=Games&page=3$/);
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/shop\?q=halo&category=Games$/);
      expect(await screen.findByText('No results found.')).toBeInTheDocument();
      expect(searched).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('tells screen readers what a search found, and says nothing on the first load', async () => {
    forgetSpoken();
    renderShop('/shop', [
      page({ filter: filterOf(), sort: undefined, page: 1 }, [product]),
      page({ filter: filterOf('zelda'), sort: undefined, page: 1 }, []),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByPlaceholderText('Search products...'));
    expect(spoken()).toBe('');
    await user.paste('zelda');
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
    await waitFor(() => expect(spoken()).toBe('No results found.'));
  });

  it('takes the keyboard from the pager to the top of the results, and says which page it is', async () => {
    const second: MockLink.MockedResponse = {
      request: { query: ShopPageProducts, variables: { filter: filterOf(), sort: undefined, page: 2 } },
      result: {
        data: {
          products: { __typename: 'ProductPage', total: 11, page: 2, totalPages: 2, items: [{ ...product, id: 'p2' }] },
        },
      },
    };
    renderShop('/shop', [page({ filter: filterOf(), sort: undefined, page: 1 }, [product], 2), second]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/shop?page=2'));
    expect(screen.getByRole('region', { name: 'Products' })).toHaveFocus();
    await waitFor(() => expect(spoken()).toBe('11 products, page 2 of 2'));
  });

  it('shows the last page for a link past it, replacing the link', async () => {
    const beyond: MockLink.MockedResponse = {
      request: { query: ShopPageProducts, variables: { filter: filterOf(), sort: undefined, page: 9 } },
      result: { data: { products: { __typename: 'ProductPage', total: 40, page: 9, totalPages: 4, items: [] } } },
    };
    renderShop('/shop?page=9', [beyond, page({ filter: filterOf(), sort: undefined, page: 4 }, [product], 4)]);
    expect(await screen.findByText('Halo Infinite')).toBeInTheDocument();
    // the page shows at once; the router, which renders a navigation in a transition, replaces the link just after
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/shop\?page=4$/));
  });

  it("does not say the last page's results over the notice it came with: nobody asked for that page", async () => {
    forgetSpoken();
    const beyond: MockLink.MockedResponse = {
      request: { query: ShopPageProducts, variables: { filter: filterOf(), sort: undefined, page: 3 } },
      result: { data: { products: { __typename: 'ProductPage', total: 20, page: 3, totalPages: 2, items: [] } } },
    };
    // an admin deleted the only product on page 3, and came back to it
    renderShop({ pathname: '/shop', search: '?page=3', state: { notice: 'Product deleted successfully' } }, [
      beyond,
      page({ filter: filterOf(), sort: undefined, page: 2 }, [product], 2),
    ]);
    expect(await screen.findByText('Halo Infinite')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/shop\?page=2$/));
    await waitFor(() => expect(spoken()).toBe('Product deleted successfully'));
    await new Promise((resolve) => setTimeout(resolve, 300)); // a count said after the correction would be there by now
    expect(spoken()).toBe('Product deleted successfully');
  });

  it('says where Next went when the page it asked for went meanwhile (the catalogue shrank)', async () => {
    forgetSpoken();
    const gone: MockLink.MockedResponse = {
      request: { query: ShopPageProducts, variables: { filter: filterOf(), sort: undefined, page: 2 } },
      result: { data: { products: { __typename: 'ProductPage', total: 10, page: 2, totalPages: 1, items: [] } } },
    };
    renderShop('/shop', [page({ filter: filterOf(), sort: undefined, page: 1 }, [product], 2), gone]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/shop\?page=1$|^\/shop$/));
    await waitFor(() => expect(spoken()).toMatch(/^1 product/));
  });

  it('takes at most 100 characters of search, as the server does', async () => {
    renderShop(`/shop?q=${'a'.repeat(150)}`, [
      page({ filter: filterOf('a'.repeat(100)), sort: undefined, page: 1 }, [product]),
    ]);
    expect(await screen.findByText('Halo Infinite')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search products...')).toHaveAttribute('maxlength', '100');
  });

  it('says so when the products cannot be loaded, and asks again on Try again', async () => {
    const user = userEvent.setup();
    renderShop('/shop', [
      { request: { query: ShopPageProducts, variables: { filter: filterOf(), page: 1 } }, error: new Error('down') },
      page({ filter: filterOf(), page: 1 }, [product]),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load products.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Halo Infinite')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load products.')).not.toBeInTheDocument();
  });
});
