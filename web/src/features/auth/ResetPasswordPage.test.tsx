import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import { GraphQLError } from 'graphql';
import { renderAt } from '../../test/render';
import { setStoredUser } from '../../lib/auth';
import { ResetPasswordPage, ResetPasswordPageLinkWorks, ResetPasswordPageReset } from './ResetPasswordPage';

/** The page's first question: does the link still work? */
const linkWorks = (token: string, works: boolean) => ({
  request: { query: ResetPasswordPageLinkWorks, variables: { token } },
  result: { data: { passwordResetLinkWorks: works } },
});

/** Types secret9 twice and submits the form. */
async function setNewPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('New password'), 'secret9');
  await user.type(screen.getByLabelText('Confirm password'), 'secret9');
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

it('says at once that a used, replaced or expired link no longer works, and offers a new one instead of the form', async () => {
  renderAt(
    '/reset-password/old-link',
    <MockedProvider mocks={[linkWorks('old-link', false)]}>
      <ResetPasswordPage />
    </MockedProvider>,
    '/reset-password/:token',
  );
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired token.');
  expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute('href', '/forgot-password');
  expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Set new password' })).not.toBeInTheDocument();
});

it('offers a new reset link when the one opened stops working before the form is sent', async () => {
  const user = userEvent.setup();
  renderAt(
    '/reset-password/old-link',
    <MockedProvider
      mocks={[
        linkWorks('old-link', true),
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
  afterEach(() => act(() => setStoredUser(null))); // the page is still there: its sign-out is a render

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
        <MockedProvider mocks={[linkWorks('good-link', true), succeeded]}>
          <ResetPasswordPage />
        </MockedProvider>,
        '/reset-password/:token',
      );
      await setNewPassword(user);
      expect(await screen.findByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', path);
    });
  }
});
