import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import { renderAt } from '../../test/render';
import { ChangePasswordForm, MISMATCH } from './ChangePasswordForm';

function renderForm() {
  return renderAt(
    '/profile',
    <MockedProvider>
      <ChangePasswordForm />
    </MockedProvider>,
  );
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
  });
});
