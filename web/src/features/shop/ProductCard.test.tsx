import { render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { MemoryRouter } from 'react-router-dom';
import { system } from '../../app/theme';
import type { ProductCard_ProductFragment } from '../../gql/graphql';
import { ProductCard } from './ProductCard';

const pad: ProductCard_ProductFragment = {
  id: 'p1',
  name: 'Neon Pad',
  price: 44.99,
  salePrice: 33.74,
  discount: 25,
  amount: 3,
  inStock: true,
  platform: 'PS5',
  images: [{ id: 'i1', smallUrl: '/uploads/i1-small.webp' }],
};

const renderCard = (product: ProductCard_ProductFragment) =>
  render(
    <ChakraProvider value={system}>
      <MemoryRouter>
        <ProductCard product={product} addToCart={<span />} />
      </MemoryRouter>
    </ChakraProvider>,
  );

describe('ProductCard', () => {
  it('says which price is the old one, in words screen readers read (not an aria-label on <s>)', () => {
    const { container } = renderCard(pad);
    const struck = container.querySelector('s');
    expect(struck).toHaveTextContent(/^Was \$44\.99$/);
    expect(struck).not.toHaveAttribute('aria-label');
    expect(screen.getByText('$33.74')).toBeInTheDocument();
  });

  it("leaves the image out of what screen readers read: the product's name follows, as the card's link", () => {
    const { container } = renderCard(pad);
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Neon Pad' })).toHaveAttribute('href', '/products/p1');
    // the image is not a link of its own: the name's link is the card's only way to the product
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });
});
