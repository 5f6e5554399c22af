import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import { renderAt } from '../../test/render';
import { getStoredUser, setStoredUser } from '../../lib/auth';
import { LogoutPage, LogoutPageEnd } from './LogoutPage';
import { LOGOUT_STATE } from '../../lib/logout-link';

const PLAYER = { _id: 'u1', id: 'u1', username: 'p', email: 'p@x.io', phone: '', isAdmin: false, token: 't' };

afterEach(() => setStoredUser(null));

it('ends the session on the server, forgets the user at once and shows the login page', async () => {
  setStoredUser(PLAYER);
  const ended = jest.fn(() => ({ data: { logout: { __typename: 'MessagePayload' as const, message: 'Bye.' } } }));
  renderAt(
    { pathname: '/logout', state: LOGOUT_STATE },
    <MockedProvider mocks={[{ request: { query: LogoutPageEnd }, result: ended }]}>
      <LogoutPage />
    </MockedProvider>,
  );
  expect(getStoredUser()).toBeNull();
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  expect(ended).toHaveBeenCalledTimes(1);
});

it('signs the visitor out here though the server cannot be reached', async () => {
  setStoredUser(PLAYER);
  renderAt(
    { pathname: '/logout', state: LOGOUT_STATE },
    <MockedProvider mocks={[{ request: { query: LogoutPageEnd }, error: new Error('offline') }]}>
      <LogoutPage />
    </MockedProvider>,
  );
  expect(getStoredUser()).toBeNull();
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
});

it('asks first when opened other than by the app’s Logout (a link on another site): staying changes nothing', async () => {
  setStoredUser(PLAYER);
  const ended = jest.fn(() => ({ data: { logout: { __typename: 'MessagePayload' as const, message: 'Bye.' } } }));
  renderAt(
    '/logout',
    <MockedProvider mocks={[{ request: { query: LogoutPageEnd }, result: ended }]}>
      <LogoutPage />
    </MockedProvider>,
  );
  expect(screen.getByRole('heading', { name: 'Log out?' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Stay signed in' }));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  expect(getStoredUser()).toEqual(PLAYER);
  expect(ended).not.toHaveBeenCalled();
});

it('logs out once the visitor says so', async () => {
  setStoredUser(PLAYER);
  const ended = jest.fn(() => ({ data: { logout: { __typename: 'MessagePayload' as const, message: 'Bye.' } } }));
  renderAt(
    '/logout',
    <MockedProvider mocks={[{ request: { query: LogoutPageEnd }, result: ended }]}>
      <LogoutPage />
    </MockedProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  expect(getStoredUser()).toBeNull();
  expect(ended).toHaveBeenCalledTimes(1);
});
