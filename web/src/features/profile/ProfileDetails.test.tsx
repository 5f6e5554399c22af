import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { GraphQLError } from 'graphql';
import { renderAt } from '../../test/render';
import { ProfileDetails, ProfileDetailsMe, ProfileDetailsUpdate } from './ProfileDetails';

const me = { __typename: 'User' as const, id: 'u1', username: 'player', email: 'player@example.com', phone: '' };

function renderProfile(mocks: MockLink.MockedResponse[], loaded = true) {
  return renderAt(
    '/profile',
    <MockedProvider
      mocks={[...(loaded ? [{ request: { query: ProfileDetailsMe }, result: { data: { me } } }] : []), ...mocks]}
    >
      <ProfileDetails />
    </MockedProvider>,
  );
}

/** Changes the username to `player one` and presses Save. */
async function renameAndSave() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
  await user.type(screen.getByLabelText('Username'), ' one');
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

const rename = { query: ProfileDetailsUpdate, variables: { username: 'player one', email: me.email, phone: '' } };

describe('ProfileDetails', () => {
  it('says it is loading the profile, as a status screen readers read', async () => {
    renderProfile([]);
    expect(screen.getByRole('status', { name: 'Loading your profile' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your profile' })).not.toBeInTheDocument();
  });

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

  it("says 'Failed to load user info' when the profile cannot be loaded", async () => {
    renderProfile([{ request: { query: ProfileDetailsMe }, error: new Error('Failed to fetch') }], false);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load user info$/);
    expect(screen.queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument();
  });

  it("shows the server's error when it refuses the change, and keeps the form open", async () => {
    renderProfile([
      {
        request: rename,
        result: { errors: [new GraphQLError('That username is taken.', { extensions: { code: 'CONFLICT' } })] },
      },
    ]);
    await renameAndSave();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^That username is taken\.$/);
    expect(screen.getByLabelText('Username')).toHaveValue('player one');
    expect(screen.queryByText('Profile updated successfully')).not.toBeInTheDocument();
    // once the form is changed again, the refusal of what it held before goes
    await userEvent.type(screen.getByLabelText('Username'), 's');
    expect(screen.queryByText('That username is taken.')).not.toBeInTheDocument();
  });

  it("says 'Failed to update profile' when the change fails without a word from the server", async () => {
    renderProfile([{ request: rename, error: new Error('Failed to fetch') }]);
    await renameAndSave();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to update profile$/);
    expect(screen.getByLabelText('Username')).toHaveValue('player one');
  });
});
