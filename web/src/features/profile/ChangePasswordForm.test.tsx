import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { GraphQLError } from 'graphql';
import { renderAt } from '../../test/render';
// The form keeps its mutation to itself: this is the same document, as codegen emits it.
import { ChangePasswordFormChangeDocument as Change } from '../../gql/graphql';
import { ChangePasswordForm, MISMATCH } from './ChangePasswordForm';

function renderForm(mocks: MockLink.MockedResponse[] = []) {
  return renderAt(
    '/profile',
    <MockedProvider mocks={mocks}>
      <ChangePasswordForm />
    </MockedProvider>,
  );
}

const passwords = { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' };

/** Fills the three fields and presses Change password. */
async function changePassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Current password'), passwords.currentPassword);
  await user.type(screen.getByLabelText('New password'), passwords.newPassword);
  await user.type(screen.getByLabelText('Confirm new password'), passwords.confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordForm', () => {
  it('says what is missing on Enter while Change password is disabled, and nothing once all three are filled', async () => {
    renderForm();
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeDisabled();
    await user.type(screen.getByLabelText('Current password'), 'old-secret{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Fill in all three fields to change your password.');
    expect(screen.getByLabelText('Current password')).toHaveFocus();

    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secreT{Enter}');
    // the mismatch says so under its field; the hint does not repeat it
    expect(screen.getByText(MISMATCH)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm new password'), '{Backspace}t');
    expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not bring the hint back once the form was ready (the fields empty again after a change)', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Current password'), 'old-secret{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Fill in all three fields');
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    for (const field of ['Current password', 'New password', 'Confirm new password']) {
      await user.clear(screen.getByLabelText(field));
    }
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names each show-password toggle after its field', () => {
    renderForm();
    for (const field of ['current password', 'new password', 'confirm new password']) {
      expect(screen.getByRole('button', { name: `Show ${field}` })).toBeInTheDocument();
    }
    for (const field of ['Current password', 'New password', 'Confirm new password']) {
      expect(screen.getByLabelText(field)).toBeRequired();
    }
  });

  it('says the password changed where the keyboard is: the emptied form left its button disabled', async () => {
    renderForm([
      {
        request: { query: Change, variables: passwords },
        result: {
          data: {
            changePassword: {
              __typename: 'ChangePasswordPayload',
              message: 'Password updated successfully',
              token: 't2',
            },
          },
        },
      },
    ]);
    await changePassword(userEvent.setup());
    const notice = (await screen.findByText('Password updated successfully')).closest('[role="status"]');
    expect(screen.getByRole('button', { name: 'Change password' })).toBeDisabled();
    expect(notice).toHaveFocus();
    // gone after its 3 s (spec), it leaves the focus on the form, not on the page body
    await waitFor(() => expect(notice).not.toBeInTheDocument(), { timeout: 4000 });
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement).toContainElement(screen.getByLabelText('Current password'));
  });

  it("shows the server's error when it refuses the change", async () => {
    renderForm([
      {
        request: { query: Change, variables: passwords },
        result: {
          errors: [new GraphQLError('Current password is incorrect.', { extensions: { code: 'BAD_USER_INPUT' } })],
        },
      },
    ]);
    await changePassword(userEvent.setup());
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Current password is incorrect\.$/);
    expect(screen.queryByText('Failed to update password')).not.toBeInTheDocument();
  });

  it('says a refusal of the current password at that field, which the keyboard goes to, until it is typed again', async () => {
    Element.prototype.scrollIntoView = jest.fn(); // jsdom has no layout; the form shows its field in error
    renderForm([
      {
        request: { query: Change, variables: passwords },
        result: {
          errors: [
            new GraphQLError('Current password is incorrect.', {
              extensions: { code: 'BAD_USER_INPUT', field: 'currentPassword' },
            }),
          ],
        },
      },
    ]);
    const user = userEvent.setup();
    await changePassword(user);
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    await waitFor(() => expect(current).toHaveAccessibleDescription('Current password is incorrect.'));
    expect(current).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // typing in another field leaves it: the current password is still the one refused
    await user.type(screen.getByLabelText('New password'), 'x');
    expect(current).toHaveAttribute('aria-invalid', 'true');
    await user.type(current, 'x');
    expect(current).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Current password is incorrect.')).not.toBeInTheDocument();
  });

  it("says 'Failed to update password' when the change fails without a word from the server", async () => {
    renderForm([{ request: { query: Change, variables: passwords }, error: new Error('Failed to fetch') }]);
    await changePassword(userEvent.setup());
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to update password$/);
    // nothing was changed: what was typed stays, to try again
    expect(screen.getByLabelText('Current password')).toHaveValue(passwords.currentPassword);
  });
});
