import { screen, waitFor } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { renderAt } from '../../test/render';
import { getStoredUser, setStoredUser } from '../../lib/auth';
import { LogoutPage, LogoutPageEnd } from './LogoutPage';

const PLAYER = { _id: 'u1', id: 'u1', username: 'p', email: 'p@x.io', phone: '', isAdmin: false, token: 't' };

afterEach(() => setStoredUser(null));

it('ends the session on the server, forgets the user at once and shows the login page', async () => {
  setStoredUser(PLAYER);
  const ended = jest.fn(() => ({ data: { logout: { __typename: 'MessagePayload' as const, message: 'Bye.' } } }));
  renderAt(
    '/logout',
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
    '/logout',
    <MockedProvider mocks={[{ request: { query: LogoutPageEnd }, error: new Error('offline') }]}>
      <LogoutPage />
    </MockedProvider>,
  );
  expect(getStoredUser()).toBeNull();
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
});
