import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import { GraphQLError } from 'graphql';
import { renderAt } from '../../test/render';
import { setStoredUser } from '../../lib/auth';
import { ResetPasswordPage, ResetPasswordPageReset } from './ResetPasswordPage';

/** Types secret9 twice and submits the form. */
async function setNewPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('New password'), 'secret9');
  await user.type(screen.getByLabelText('Confirm password'), 'secret9');
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

it('offers a new reset link when the one opened was used or has expired', async () => {
  const user = userEvent.setup();
  renderAt(
    '/reset-password/old-link',
    <MockedProvider
      mocks={[
        {
          request: { query: ResetPasswordPageReset, variables: { token: 'old-link', newPassword: 'secret9' } },
          result: {
            errors: [new GraphQLError('Invalid or expired token.', { extensions: { code: 'BAD_USER_INPUT' } })],
          },
        },
      ]}
    >
      <ResetPasswordPage />
    </MockedProvider>,
    '/reset-password/:token',
  );
  await setNewPassword(user);
  expect(await screen.findByText('Invalid or expired token.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute('href', '/forgot-password');
});

describe('after a reset, Go to Login', () => {
  const succeeded = {
    request: { query: ResetPasswordPageReset, variables: { token: 'good-link', newPassword: 'secret9' } },
    result: { data: { resetPassword: { __typename: 'MessagePayload', message: 'Your password has been reset.' } } },
  };
  afterEach(() => setStoredUser(null));

  for (const [who, path] of [
    ['nobody is signed in', '/login'],
    ['someone is signed in here (their session ends: the login page would send them home)', '/logout'],
  ] as const) {
    it(`leads to ${path} when ${who}`, async () => {
      if (path === '/logout') {
        setStoredUser({ _id: 'u1', id: 'u1', username: 'p', email: 'p@x.io', phone: '', isAdmin: false, token: 't' });
      }
      const user = userEvent.setup();
      renderAt(
        '/reset-password/good-link',
        <MockedProvider mocks={[succeeded]}>
          <ResetPasswordPage />
        </MockedProvider>,
        '/reset-password/:token',
      );
      await setNewPassword(user);
      expect(await screen.findByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', path);
    });
  }
});
