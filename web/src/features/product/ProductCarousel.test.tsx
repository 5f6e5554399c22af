import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../app/theme';
import { ProductCarousel } from './ProductCarousel';

const image = (id: string) => ({
  id,
  url: `/uploads/${id}.webp`,
  smallUrl: `/uploads/${id}-small.webp`,
  width: 1200,
  height: 900,
});

const renderCarousel = (ids: string[]) =>
  render(
    <ChakraProvider value={system}>
      <ProductCarousel images={ids.map(image)} name="Neon Pad" />
    </ChakraProvider>,
  );

describe('ProductCarousel', () => {
  it('is a region named after the product, which screen readers call a carousel', () => {
    renderCarousel(['a', 'b']);
    expect(screen.getByRole('region', { name: 'Neon Pad images' })).toHaveAttribute('aria-roledescription', 'carousel');
  });

  it('says politely which image shows as it changes, by Next, Previous or a thumbnail', async () => {
    const user = userEvent.setup();
    renderCarousel(['a', 'b', 'c']);
    const said = screen.getByText('Image 1 of 3');
    expect(said).toHaveAttribute('aria-live', 'polite');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(said).toHaveTextContent(/^Image 2 of 3$/);
    expect(screen.getByRole('img', { name: 'Neon Pad, image 2 of 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show image 3' }));
    expect(said).toHaveTextContent(/^Image 3 of 3$/);
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(said).toHaveTextContent(/^Image 2 of 3$/);
  });

  it('says nothing of a position when there is only one image', () => {
    renderCarousel(['a']);
    expect(screen.queryByText(/^Image \d/)).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Neon Pad, image 1 of 1' })).toBeInTheDocument();
  });
});
