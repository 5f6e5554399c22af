import { render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { MemoryRouter } from 'react-router-dom';
import { system } from '../theme';
import { SectionLink } from './TopBar';
import { NAV_LINKS } from './nav-links';

function navAt(path: string) {
  render(
    <ChakraProvider value={system}>
      <MemoryRouter initialEntries={[path]}>
        <nav>
          {NAV_LINKS.map((link) => (
            <SectionLink key={link.to} {...link} />
          ))}
        </nav>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return Object.fromEntries(
    NAV_LINKS.map(({ label }) => [label, screen.getByRole('link', { name: label }).getAttribute('aria-current')]),
  );
}

describe('the section links', () => {
  it("mark the section's own page as the current page", () => {
    expect(navAt('/shop')).toEqual({ Booking: null, Shop: 'page', 'Bar Menu': null, 'About Us': null });
  });

  it.each([
    ['/products/42', 'Shop'],
    ['/products/edit/42', 'Shop'],
    ['/products/create', 'Shop'],
    ['/bar/edit/7', 'Bar Menu'],
  ])('mark the section of %s (%s) as current', (path, section) => {
    const current = navAt(path);
    expect(Object.entries(current).filter(([, value]) => value !== null)).toEqual([[section, 'true']]);
  });

  it.each(['/cart', '/product/42', '/products/edit/42/more', '/bar/nope'])(
    'mark nothing at %s (no section)',
    (path) => {
      expect(Object.values(navAt(path)).every((value) => value === null)).toBe(true);
    },
  );
});
