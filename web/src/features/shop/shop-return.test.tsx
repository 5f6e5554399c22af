import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { useBackToShopPath, useProductLinkState } from './shop-return';

/** A product's link, as a shop card (or the home page's) makes it. */
function ProductLink() {
  return (
    <Link to="/products/p1" state={useProductLinkState()}>
      Neon Pad
    </Link>
  );
}

function BackToShop() {
  return (
    <>
      <Link to={useBackToShopPath()}>Back to Shop</Link>
      <Link to="/products/edit/p1" state={useProductLinkState()}>
        Edit product
      </Link>
    </>
  );
}

/** The edit form's Back, to the product page. */
function EditForm() {
  return (
    <Link to="/products/p1" state={useProductLinkState()}>
      Back
    </Link>
  );
}

function renderAt(entry: Parameters<typeof MemoryRouter>[0]['initialEntries']) {
  render(
    <MemoryRouter initialEntries={entry}>
      <Routes>
        <Route path="/shop" element={<ProductLink />} />
        <Route path="/" element={<ProductLink />} />
        <Route path="/products/:id" element={<BackToShop />} />
        <Route path="/products/edit/:id" element={<EditForm />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Back to Shop', () => {
  it("returns to the shop's view the product was opened from", async () => {
    renderAt(['/shop?q=pad&category=Accessory&sort=low&page=2']);
    await userEvent.click(screen.getByRole('link', { name: 'Neon Pad' }));
    expect(screen.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute(
      'href',
      '/shop?q=pad&category=Accessory&sort=low&page=2',
    );
  });

  it("keeps the shop's view through the product's edit form and back", async () => {
    renderAt(['/shop?platform=PC&page=3']);
    await userEvent.click(screen.getByRole('link', { name: 'Neon Pad' }));
    await userEvent.click(screen.getByRole('link', { name: 'Edit product' }));
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(screen.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/shop?platform=PC&page=3');
  });

  it('goes to the whole shop from a product opened elsewhere', async () => {
    renderAt(['/']);
    await userEvent.click(screen.getByRole('link', { name: 'Neon Pad' }));
    expect(screen.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/shop');
  });

  it('ignores a state it did not set', () => {
    renderAt([{ pathname: '/products/p1', state: { shopSearch: '//elsewhere.example' } }]);
    expect(screen.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/shop');
  });
});
