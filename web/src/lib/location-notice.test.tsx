import { render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { system } from '../app/theme';
import { LocationNotice } from '../components/LocationNotice';
import { forgetSpoken, spoken } from '../test/spoken';

/** A page showing the notice its navigation brought, as the shop, the home page and the bar menu do. */
function Page() {
  return (
    <main>
      <h1>Explore Our Shop</h1>
      <LocationNotice />
    </main>
  );
}

describe('a notice brought by a navigation', () => {
  beforeEach(forgetSpoken);

  it('is shown, and said once through the live region the app keeps rather than as a status of its own', async () => {
    render(
      <ChakraProvider value={system}>
        <MemoryRouter initialEntries={[{ pathname: '/shop', state: { notice: 'Product deleted successfully' } }]}>
          <Routes>
            <Route path="/shop" element={<Page />} />
          </Routes>
        </MemoryRouter>
      </ChakraProvider>,
    );
    expect(screen.getByText('Product deleted successfully')).toBeVisible();
    await waitFor(() => expect(spoken()).toBe('Product deleted successfully'));
    // the one status on the page is that live region: the notice shown is not a second one
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Product deleted successfully');
  });
});
