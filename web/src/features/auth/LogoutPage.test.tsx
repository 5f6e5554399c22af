import { act, screen, waitFor } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { renderAt } from '../../test/render';
import { getStoredUser, setStoredUser } from '../../lib/auth';
import { LogoutPage, LogoutPageEnd } from './LogoutPage';

const PLAYER = { _id: 'u1', id: 'u1', username: 'p', email: 'p@x.io', phone: '', isAdmin: false, token: 't' };

/** Signed in as PLAYER, opens /logout (the app's Logout, a typed address and a link all open it the same way). */
function openLogout(answer: Omit<MockLink.MockedResponse, 'request'>) {
  setStoredUser(PLAYER);
  renderAt(
    '/logout',
    <MockedProvider mocks={[{ request: { query: LogoutPageEnd }, ...answer }]}>
      <LogoutPage />
    </MockedProvider>,
  );
}

const ended = () => jest.fn(() => ({ data: { logout: { __typename: 'MessagePayload' as const, message: 'Bye.' } } }));
const location = () => screen.getByTestId('location');

afterEach(() => setStoredUser(null));

it('ends the session on the server, forgets the user at once and shows the login page', async () => {
  const result = ended();
  openLogout({ result });
  expect(getStoredUser()).toBeNull();
  await waitFor(() => expect(location()).toHaveTextContent('/login'));
  expect(result).toHaveBeenCalledTimes(1);
});

it('signs the visitor out here though the server cannot be reached', async () => {
  openLogout({ error: new Error('offline') });
  expect(getStoredUser()).toBeNull();
  await waitFor(() => expect(location()).toHaveTextContent('/login'));
});

it('has nothing to end for a visitor already signed out, and shows the login page', async () => {
  const result = ended();
  renderAt(
    '/logout',
    <MockedProvider mocks={[{ request: { query: LogoutPageEnd }, result }]}>
      <LogoutPage />
    </MockedProvider>,
  );
  await waitFor(() => expect(location()).toHaveTextContent('/login'));
  expect(result).not.toHaveBeenCalled();
});

it('waits while the browser only prerenders /logout (an address-bar prediction), and logs out once it is opened', async () => {
  const result = ended();
  Object.defineProperty(document, 'prerendering', { configurable: true, value: true });
  try {
    openLogout({ result });
    await new Promise((r) => setTimeout(r, 50));
    expect(getStoredUser()).toEqual(PLAYER);
    expect(result).not.toHaveBeenCalled();
    Object.defineProperty(document, 'prerendering', { configurable: true, value: false });
    act(() => void document.dispatchEvent(new Event('prerenderingchange')));
    await waitFor(() => expect(location()).toHaveTextContent('/login'));
    expect(getStoredUser()).toBeNull();
    expect(result).toHaveBeenCalledTimes(1);
  } finally {
    delete (document as { prerendering?: boolean }).prerendering;
  }
});
