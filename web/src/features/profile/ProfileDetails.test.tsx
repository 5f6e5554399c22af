import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { renderAt } from '../../test/render';
import { ProfileDetails, ProfileDetailsMe, ProfileDetailsUpdate } from './ProfileDetails';

const me = { __typename: 'User' as const, id: 'u1', username: 'player', email: 'player@example.com', phone: '' };

function renderProfile(mocks: MockLink.MockedResponse[]) {
  return renderAt(
    '/profile',
    <MockedProvider mocks={[{ request: { query: ProfileDetailsMe }, result: { data: { me } } }, ...mocks]}>
      <ProfileDetails />
    </MockedProvider>,
  );
}

describe('ProfileDetails', () => {
  it('moves the keyboard into the form on Edit profile, and back to Edit profile on Cancel', async () => {
    renderProfile([]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    expect(screen.getByLabelText('Username')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit profile' })).toHaveFocus();
  });

  it('gives the keyboard back to Edit profile once a change is saved', async () => {
    const saved = { ...me, username: 'player one' };
    renderProfile([
      {
        request: {
          query: ProfileDetailsUpdate,
          variables: { username: 'player one', email: me.email, phone: '' },
        },
        result: { data: { updateProfile: saved } },
      },
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    await user.type(screen.getByLabelText('Username'), ' one');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit profile' })).toHaveFocus());
  });
});
