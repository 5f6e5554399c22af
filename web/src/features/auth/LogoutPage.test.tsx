import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { renderAt } from '../../test/render';
import { getStoredUser, setStoredUser } from '../../lib/auth';
import { LogoutPage, LogoutPageEnd } from './LogoutPage';
import { LOGOUT_STATE } from '../../lib/logout-link';

const PLAYER = { _id: 'u1', id: 'u1', username: 'p', email: 'p@x.io', phone: '', isAdmin: false, token: 't' };

/** Signed in as PLAYER, opens /logout by the app's Logout (`byApp`) or by a link from elsewhere. */
function openLogout(byApp: boolean, answer: Omit<MockLink.MockedResponse, 'request'>) {
  setStoredUser(PLAYER);
  renderAt(
    byApp ? { pathname: '/logout', state: LOGOUT_STATE } : '/logout',
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
  openLogout(true, { result });
  expect(getStoredUser()).toBeNull();
  await waitFor(() => expect(location()).toHaveTextContent('/login'));
  expect(result).toHaveBeenCalledTimes(1);
});

it('signs the visitor out here though the server cannot be reached', async () => {
  openLogout(true, { error: new Error('offline') });
  expect(getStoredUser()).toBeNull();
  await waitFor(() => expect(location()).toHaveTextContent('/login'));
});

it('asks first when opened other than by the app’s Logout (a link on another site): staying changes nothing', async () => {
  const result = ended();
  openLogout(false, { result });
  expect(screen.getByRole('heading', { name: 'Log out?' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Stay signed in' }));
  expect(location()).toHaveTextContent(/^\/$/);
  expect(getStoredUser()).toEqual(PLAYER);
  expect(result).not.toHaveBeenCalled();
});

it('logs out once the visitor says so', async () => {
  const result = ended();
  openLogout(false, { result });
  await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
  await waitFor(() => expect(location()).toHaveTextContent('/login'));
  expect(getStoredUser()).toBeNull();
  expect(result).toHaveBeenCalledTimes(1);
});
