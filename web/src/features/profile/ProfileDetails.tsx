import { useEffect, useRef, useState } from 'react';
import { Alert, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { email, username } from '../auth/auth-validation';
import { graphql } from '../../gql';
import { getStoredUser, setStoredUser } from '../../lib/auth';
import { serverMessage } from '../../lib/errors';
import { useFlash } from '../../lib/use-flash';
import { FormError, FormikField } from '../../components/FormField';
import { LoadFailed } from '../../components/LoadFailed';
import { LiveArea, Notice } from '../../components/Notice';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';

export const ProfileDetailsMe = graphql(`
  query ProfileDetailsMe {
    me {
      id
      username
      email
      phone
      pendingEmail
    }
  }
`);

export const ProfileDetailsUpdate = graphql(`
  mutation ProfileDetailsUpdate($username: String!, $email: String!, $phone: String) {
    updateProfile(username: $username, email: $email, phone: $phone) {
      id
      username
      email
      phone
      pendingEmail
    }
  }
`);

export const ProfileDetailsCancelEmailChange = graphql(`
  mutation ProfileDetailsCancelEmailChange {
    cancelEmailChange {
      id
      email
      pendingEmail
    }
  }
`);

const schema = yup.object({
  username,
  email,
  phone: yup.string().trim(),
});

export function ProfileDetails() {
  const { data, loading, error: loadError, refetch } = useQuery(ProfileDetailsMe);
  const [update] = useMutation(ProfileDetailsUpdate);
  const [cancelEmailChange] = useMutation(ProfileDetailsCancelEmailChange);
  const [editing, setEditing] = useState(false);
  const [saved, flashSaved] = useFlash();
  const [error, setError] = useState<string>();
  const me = data?.me;
  // Edit profile, Cancel and Save each take themselves away: the keyboard goes to the form's first field, or back to
  // Edit profile, instead of falling to the page.
  const editButton = useRef<HTMLButtonElement>(null);
  const switched = useRef(false);
  const switchTo = (edit: boolean) => {
    switched.current = true;
    setEditing(edit);
  };

  const save = async (values: { username: string; email: string; phone: string }) =>
    (await update({ variables: values })).data?.updateProfile;
  // The stored user (the top bar's, checkout's first guess at the contact) follows the profile as the server has it,
  // from the cache every answer updates: a save, a cancelled change (whose link may have been opened meanwhile on
  // another device), or the profile loaded after a change made elsewhere.
  useEffect(() => {
    const stored = getStoredUser();
    if (!me || !stored || stored.id !== me.id) return;
    if (stored.username !== me.username || stored.email !== me.email || stored.phone !== me.phone)
      setStoredUser({ ...stored, username: me.username, email: me.email, phone: me.phone });
  }, [me]);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string>();
  const cancelChange = async () => {
    setCancelling(true);
    setCancelError(undefined);
    try {
      await cancelEmailChange(); // answers the e-mail as it is now: the cache, and so the stored user, follow
      editButton.current?.focus(); // the note, and its button, are gone
    } catch (e) {
      setCancelError(serverMessage(e) ?? 'Failed to update profile');
    } finally {
      setCancelling(false);
    }
  };

  const form = useFormik({
    enableReinitialize: true,
    initialValues: { username: me?.username ?? '', email: me?.email ?? '', phone: me?.phone ?? '' },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      setError(undefined);
      try {
        const user = await save({
          username: values.username.trim(),
          email: values.email.trim(),
          phone: values.phone.trim(),
        });
        // The form starts again from the profile as saved: a new address stays pending, not in the field, or the next
        // edit (a username) would ask for it again and retire the link already mailed.
        if (user) helpers.resetForm({ values: { username: user.username, email: user.email, phone: user.phone } });
        setCancelError(undefined);
        switchTo(false);
        flashSaved('Profile updated successfully');
      } catch (e) {
        setError(serverMessage(e) ?? 'Failed to update profile');
      }
    },
  });
  const formRef = useFocusFirstInvalid(form);
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    (editing ? formRef.current?.querySelector('input') : editButton.current)?.focus();
  }, [editing, formRef]);

  if (loading) return <Spinner color="brand.solid" role="status" aria-label="Loading your profile" />;
  // The spec's words, and a way to ask again without a reload (the network, a server restarting).
  if (loadError || !me) return <LoadFailed message="Failed to load user info" onRetry={() => refetch()} />;

  return (
    <Stack gap="5" maxW="lg">
      {/* The focus goes to Edit profile as the form closes: the notice is said through a region already on the page. */}
      <LiveArea gap="5">
        {saved && (
          <Notice status="success" saidElsewhere>
            {saved}
          </Notice>
        )}
      </LiveArea>
      {editing ? (
        // A change of any field takes away the server's refusal of what the form held before.
        <form ref={formRef} onSubmit={form.handleSubmit} onChange={() => setError(undefined)} noValidate>
          <Stack gap="4">
            <FormikField form={form} name="username" label="Username" autoComplete="username" />
            <FormikField form={form} name="email" label="Email" type="email" autoComplete="email" />
            <FormikField form={form} name="phone" label="Phone" type="tel" autoComplete="tel" />
            <FormError>{error}</FormError>
            <HStack>
              {/* Not disabled by a field left empty or wrong: Save says what to put right, at the first such field,
                  where a greyed button would not say why. */}
              <Button type="submit" colorPalette="brand" loading={form.isSubmitting}>
                Save
              </Button>
              <Button
                variant="outline"
                onClick={() => {
                  form.resetForm();
                  setError(undefined);
                  switchTo(false);
                }}
              >
                Cancel
              </Button>
            </HStack>
          </Stack>
        </form>
      ) : (
        <Stack gap="3">
          <Detail label="Username" value={me.username} />
          <Detail label="Email" value={me.email} />
          {me.pendingEmail && (
            // A new address is the account's only once the link mailed to it is opened: until then this says where
            // the link went, and the change can be taken back.
            // The button under the text: beside it, it leaves a phone's note too narrow for a long address.
            <Alert.Root status="info" role="status">
              <Alert.Indicator />
              <Alert.Content gap="2">
                <Alert.Description overflowWrap="anywhere">
                  We sent a link to {me.pendingEmail}. Your email changes once you open it.
                </Alert.Description>
                <Button
                  size="xs"
                  variant="outline"
                  alignSelf="start"
                  loading={cancelling}
                  onClick={() => void cancelChange()}
                >
                  Cancel change
                </Button>
              </Alert.Content>
            </Alert.Root>
          )}
          {cancelError && <Notice status="error">{cancelError}</Notice>}
          <Detail label="Phone" value={me.phone || '—'} />
          <Button ref={editButton} alignSelf="start" colorPalette="brand" onClick={() => switchTo(true)}>
            Edit profile
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="lg">{value}</Text>
    </Stack>
  );
}
