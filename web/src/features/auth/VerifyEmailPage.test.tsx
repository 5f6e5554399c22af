import { screen } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { GraphQLError } from 'graphql';
import { renderAt } from '../../test/render';
// The page keeps its mutation to itself: this is the same document, as codegen emits it.
import { VerifyEmailPageConfirmDocument as Confirm, VerifyEmailPageMeDocument as Me } from '../../gql/graphql';
import { getStoredUser, setStoredUser } from '../../lib/auth';
import { STORED_ADMIN } from '../../test/users';
import { VerifyEmailPage } from './VerifyEmailPage';

/** The server's answer to confirming `token`. */
const answer = (token: string, response: Omit<MockLink.MockedResponse, 'request'>): MockLink.MockedResponse => ({
  request: { query: Confirm, variables: { token } },
  ...response,
});

const confirmed = (token: string, message: string) =>
  answer(token, { result: { data: { confirmEmail: { __typename: 'MessagePayload', message } } } });

function renderVerify(token: string, mocks: MockLink.MockedResponse[]) {
  return renderAt(
    `/verify-email/${token}`,
    <MockedProvider mocks={mocks}>
      <VerifyEmailPage />
    </MockedProvider>,
    '/verify-email/:token',
  );
}

describe('VerifyEmailPage (/verify-email/{token})', () => {
  it("says 'Verifying your email...' while the server checks the token, then the server's message", async () => {
    renderVerify('good-token', [confirmed('good-token', 'Your e-mail is confirmed. You can log in now.')]);
    expect(screen.getByText('Verifying your email...')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to Login' })).not.toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByTestId('verify-message')).toHaveTextContent(/^Your e-mail is confirmed\. You can log in now\.$/);
    expect(screen.queryByText('Verifying your email...')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  it("says 'Email confirmed!' when the server confirms without a message", async () => {
    renderVerify('good-token', [confirmed('good-token', '')]);
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByTestId('verify-message')).toHaveTextContent(/^Email confirmed!$/);
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's reason when the token is refused", async () => {
    renderVerify('used-token', [
      answer('used-token', {
        result: {
          errors: [new GraphQLError('This link was already used.', { extensions: { code: 'BAD_USER_INPUT' } })],
        },
      }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Verification failed' })).toBeInTheDocument();
    expect(screen.getByTestId('verify-message')).toHaveTextContent(/^This link was already used\.$/);
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  it("says 'Invalid or expired token.' when the failure carries no message from the server", async () => {
    renderVerify('any-token', [answer('any-token', { error: new Error('Network request failed') })]);
    expect(await screen.findByRole('heading', { name: 'Verification failed' })).toBeInTheDocument();
    expect(screen.getByTestId('verify-message')).toHaveTextContent(/^Invalid or expired token\.$/);
    expect(screen.queryByText('Network request failed')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });
  describe('for a signed-in user', () => {
    const profile = (email: string) => ({
      request: { query: Me },
      result: {
        data: {
          me: { __typename: 'User', id: 'a1', username: 'admin', email, phone: '', pendingEmail: null },
        },
      },
    });
    beforeEach(() => setStoredUser(STORED_ADMIN));
    afterEach(() => setStoredUser(null));

    it('shows the new e-mail their link confirmed in the stored user, and leads to the profile, signed in', async () => {
      renderVerify('change-token', [
        confirmed('change-token', 'Your new email is confirmed.'),
        profile('new-admin@example.com'),
      ]);
      expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
      expect(screen.getByTestId('verify-message')).toHaveTextContent(/^Your new email is confirmed\.$/);
      expect(screen.getByRole('link', { name: 'Go to Profile' })).toHaveAttribute('href', '/profile');
      expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
      expect(getStoredUser()).toEqual({ ...STORED_ADMIN, email: 'new-admin@example.com' });
    });

    it('leads to /login as the spec says, and stays signed in, when the link was another account’s', async () => {
      renderVerify('signup-token', [
        confirmed('signup-token', 'Email confirmed! You can now log in.'),
        profile(STORED_ADMIN.email),
      ]);
      expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
      expect(screen.queryByRole('link', { name: 'Go to Profile' })).not.toBeInTheDocument();
      expect(getStoredUser()).toEqual(STORED_ADMIN);
    });
  });
});
