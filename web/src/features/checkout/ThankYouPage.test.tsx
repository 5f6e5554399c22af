import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { system } from '../../app/theme';
import { CartProvider } from '../cart/CartProvider';
import { addGuestItem, clearGuestCart, getGuestCart } from '../cart/guest-cart';
import type { ThankYouState } from './CheckoutPage';
import { ThankYouPage } from './ThankYouPage';
import { setStoredUser } from '../../lib/auth';
import { serverCartResponse } from '../../test/server-cart';
import { STORED_ADMIN } from '../../test/users';

const pad = { _id: 'p1', name: 'Pad', salePrice: 10, amount: 5 };

function Shop() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

function renderThankYou(state: ThankYouState, mocks: MockLink.MockedResponse[] = []) {
  return render(
    <ChakraProvider value={system}>
      <MockedProvider mocks={mocks}>
        <MemoryRouter initialEntries={[{ pathname: '/thank-you', state }]}>
          <CartProvider>
            <Routes>
              <Route path="/thank-you" element={<ThankYouPage />} />
              <Route path="/shop" element={<Shop />} />
            </Routes>
          </CartProvider>
        </MemoryRouter>
      </MockedProvider>
    </ChakraProvider>,
  );
}

describe('ThankYouPage', () => {
  beforeEach(() => clearGuestCart());

  it('empties the cart of the order just placed, once: coming Back later leaves a new cart alone', async () => {
    addGuestItem(pad, 1);
    const user = userEvent.setup();
    renderThankYou({ orderId: 'ABC123' });
    expect(screen.getByText('ABC123', { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/We have sent a confirmation to your e-mail/)).toBeInTheDocument();
    expect(getGuestCart()).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'Continue Shopping' }));
    act(() => addGuestItem(pad, 2));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(screen.getByText('ABC123', { exact: false })).toBeInTheDocument();
    expect(getGuestCart()).toEqual([{ product: pad, quantity: 2 }]);
  });

  it('leaves the cart alone when opened without an order', () => {
    addGuestItem(pad, 1);
    renderThankYou({});
    expect(screen.getByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(screen.queryByText(/sent a confirmation/)).not.toBeInTheDocument(); // nothing was just sent
    expect(getGuestCart()).toEqual([{ product: pad, quantity: 1 }]);
    // a guest has no profile to follow orders in
    expect(screen.getByText('Log in to follow your orders.')).toBeInTheDocument();
    expect(screen.queryByText(/in your profile/)).not.toBeInTheDocument();
  });

  it('points someone signed in, opening it without an order, to the orders in their profile', async () => {
    setStoredUser(STORED_ADMIN);
    try {
      renderThankYou({}, [serverCartResponse([])]);
      await act(async () => {}); // the signed-in cart's chunk arrives, and asks for the cart
      expect(screen.getByText('You can follow your orders in your profile.')).toBeInTheDocument();
      expect(screen.queryByText('Log in to follow your orders.')).not.toBeInTheDocument();
    } finally {
      act(() => setStoredUser(null));
    }
  });
});
