import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { GraphQLError } from 'graphql';
import { renderAt } from '../../test/render';
import { getStoredUser, setStoredUser } from '../../lib/auth';
import {
  ProfileDetails,
  ProfileDetailsCancelEmailChange,
  ProfileDetailsMe,
  ProfileDetailsUpdate,
} from './ProfileDetails';

const me = {
  __typename: 'User' as const,
  id: 'u1',
  username: 'player',
  email: 'player@example.com',
  phone: '',
  pendingEmail: null as string | null,
};

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

/** The profile with a change to moved@example.com pending; `cancelled` is the server's answer to Cancel change. */
function renderPending(cancelled: Omit<MockLink.MockedResponse, 'request'>) {
  const pending = { ...me, pendingEmail: 'moved@example.com' };
  return renderAt(
    '/profile',
    <MockedProvider
      mocks={[
        { request: { query: ProfileDetailsMe }, result: { data: { me: pending } } },
        { request: { query: ProfileDetailsCancelEmailChange }, ...cancelled },
      ]}
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
  beforeAll(() => {
    Element.prototype.scrollIntoView = jest.fn(); // jsdom has no layout; the form shows its first error
  });

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
    // the notice is said in a live region that was on the page, empty, before it came (the focus moves meanwhile)
    const live = document.querySelector('[aria-live="polite"][data-live-area]')!;
    expect(live).toBeEmptyDOMElement();
    await user.type(screen.getByLabelText('Username'), ' one');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(live).toHaveTextContent(/^Profile updated successfully$/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit profile' })).toHaveFocus());
  });

  it('keeps the e-mail after saving a new one, and says where the link went until it is opened or the change cancelled', async () => {
    setStoredUser({ ...me, _id: me.id, isAdmin: false, token: 't' });
    const moved = 'moved@example.com';
    const pending = { ...me, pendingEmail: moved };
    renderProfile([
      {
        request: { query: ProfileDetailsUpdate, variables: { username: 'player', email: moved, phone: '' } },
        result: { data: { updateProfile: pending } },
      },
      {
        request: { query: ProfileDetailsCancelEmailChange },
        result: { data: { cancelEmailChange: { __typename: 'User', id: me.id, email: me.email, pendingEmail: null } } },
      },
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), moved);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    // Editing again starts from the account's address: saving a username then is no second request for the new one.
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    expect(screen.getByLabelText('Email')).toHaveValue(me.email);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const note = screen.getByText(/^We sent a link to/);
    expect(note).toHaveTextContent(/^We sent a link to moved@example\.com\. Your email changes once you open it\.$/);
    expect(screen.getByText(me.email)).toBeInTheDocument();
    // the top bar's user keeps the confirmed address
    expect(getStoredUser()?.email).toBe(me.email);

    await user.click(screen.getByRole('button', { name: 'Cancel change' }));
    await waitFor(() => expect(screen.queryByText(/^We sent a link to/)).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Cancel change' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit profile' })).toHaveFocus();
    expect(screen.getByText(me.email)).toBeInTheDocument();
    setStoredUser(null);
  });

  it('shows the new e-mail, here and in the top bar user, when its link was opened before the cancel reached the server', async () => {
    setStoredUser({ ...me, _id: me.id, isAdmin: false, token: 't' });
    renderPending({
      result: {
        data: { cancelEmailChange: { __typename: 'User', id: me.id, email: 'moved@example.com', pendingEmail: null } },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel change' }));
    expect(await screen.findByText('moved@example.com')).toBeInTheDocument();
    expect(screen.queryByText(/^We sent a link to/)).not.toBeInTheDocument();
    expect(getStoredUser()?.email).toBe('moved@example.com');
    setStoredUser(null);
  });

  it('brings the top bar user up to the profile as the server has it (an e-mail confirmed on another device)', async () => {
    setStoredUser({ ...me, _id: me.id, isAdmin: false, token: 't', email: 'before@example.com', username: 'old' });
    renderProfile([]);
    expect(await screen.findByText(me.email)).toBeInTheDocument();
    await waitFor(() => expect(getStoredUser()).toMatchObject({ email: me.email, username: me.username, token: 't' }));
    setStoredUser(null);
  });

  it("shows the server's refusal of a cancelled change, and keeps the note", async () => {
    renderPending({
      result: { errors: [new GraphQLError('Please log in to continue.', { extensions: { code: 'UNAUTHENTICATED' } })] },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel change' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please log in to continue\.$/);
    expect(screen.getByText(/^We sent a link to/)).toBeInTheDocument();
  });

  it("says 'Failed to load user info' when the profile cannot be loaded, and loads it on Try again", async () => {
    renderProfile(
      [
        { request: { query: ProfileDetailsMe }, error: new Error('Failed to fetch') },
        { request: { query: ProfileDetailsMe }, result: { data: { me } } },
      ],
      false,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load user info/);
    expect(screen.queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why a cleared username or e-mail cannot be saved when Save is pressed, at the first such field, and sends nothing', async () => {
    renderProfile([]); // no update answer: a mutation sent would fail the test with "No more mocked responses"
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    await user.clear(screen.getByLabelText('Username'));
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Username is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveFocus());
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Profile updated successfully')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
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
