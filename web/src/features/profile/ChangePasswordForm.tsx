import { useState, type ChangeEvent } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useFormik } from 'formik';
import { graphql } from '../../gql';
import { getStoredUser, setStoredUser } from '../../lib/auth';
import { serverField, serverMessage } from '../../lib/errors';
import { useFlash } from '../../lib/use-flash';
import { FormError, FormField } from '../../components/FormField';
import { Notice } from '../../components/Notice';
import { PasswordInput } from '../../components/PasswordInput';
import { useFocusFallback } from '../../lib/use-focus-fallback';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';

const ChangePasswordFormChange = graphql(`
  mutation ChangePasswordFormChange($currentPassword: String!, $newPassword: String!, $confirmPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword, confirmPassword: $confirmPassword) {
      message
      token
    }
  }
`);

export const MISMATCH = 'New password and confirm passwrd must match.';
const FILL_ALL = 'Fill in all three fields to change your password.';

export function ChangePasswordForm() {
  const [change, { client }] = useMutation(ChangePasswordFormChange);
  const { cache } = client;
  const [done, flashDone] = useFlash();
  const [error, setError] = useState<string>();
  const form = useFormik({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    // The form checks itself (Submit waits for all three, the mismatch shows at once): formik's validation would only
    // clear a field's refusal from the server on typing in any field. Typing in that field clears it (fieldChange).
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      setError(undefined);
      try {
        const { data } = await change({ variables: values });
        const stored = getStoredUser();
        // The change ends the account's other sessions; this one goes on, with the fresh token it was given.
        if (data && stored) setStoredUser({ ...stored, token: data.changePassword.token });
        // A new password drops a pending e-mail change (whoever asked for it may not be the owner): the profile's note
        // about it goes.
        if (stored)
          cache.modify({
            id: cache.identify({ __typename: 'User', id: stored.id }),
            fields: { pendingEmail: () => null },
          });
        helpers.resetForm();
        flashDone(data?.changePassword.message ?? 'Password updated successfully');
      } catch (e) {
        // A refusal of one field (the current password wrong, a new one too short) is said at that field, which the
        // keyboard goes to; typing there takes it away.
        const message = serverMessage(e);
        const field = serverField(e);
        if (message && (field === 'currentPassword' || field === 'newPassword')) helpers.setFieldError(field, message);
        else setError(message ?? 'Failed to update password');
      }
    },
  });
  const formRef = useFocusFirstInvalid(form);
  /** A field's change, which takes away the server's refusal of that field. */
  const fieldChange = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.target.name as keyof typeof form.values;
    if (form.errors[field]) form.setFieldError(field, undefined);
    form.handleChange(event);
  };
  const fallback = useFocusFallback<HTMLDivElement>();
  const { currentPassword, newPassword, confirmPassword } = form.values;
  const mismatch = Boolean(newPassword && confirmPassword && newPassword !== confirmPassword);
  const ready = Boolean(currentPassword && newPassword && confirmPassword) && !mismatch;
  // Submit stays disabled until the form is ready (spec), so Enter in a field would do nothing at all: it says what is
  // missing instead. A mismatch already says so under its field.
  const [asked, setAsked] = useState(false);
  if (asked && ready) setAsked(false); // once the form is ready the hint has done its job, also after the change
  const missing = asked && !ready && !mismatch ? FILL_ALL : undefined;

  return (
    <form
      ref={formRef}
      onSubmit={form.handleSubmit}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement) setAsked(!ready);
      }}
      noValidate
    >
      {/* The notice takes the focus the emptied form left nowhere; when it goes after its seconds, the form has it. */}
      <Stack gap="4" maxW="lg" ref={fallback} tabIndex={-1} outline="none">
        {done && (
          <Notice status="success" claimsLostFocus>
            {done}
          </Notice>
        )}
        <FormField
          label="Current password"
          error={form.errors.currentPassword}
          touched={Boolean(form.errors.currentPassword)}
        >
          <PasswordInput
            name="currentPassword"
            what="current password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={fieldChange}
            required
          />
        </FormField>
        <FormField label="New password" error={form.errors.newPassword} touched={Boolean(form.errors.newPassword)}>
          <PasswordInput
            name="newPassword"
            what="new password"
            autoComplete="new-password"
            value={newPassword}
            onChange={fieldChange}
            required
          />
        </FormField>
        <FormField label="Confirm new password" error={MISMATCH} touched={mismatch}>
          <PasswordInput
            name="confirmPassword"
            what="confirm new password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={fieldChange}
            required
          />
        </FormField>
        <FormError>{error ?? missing}</FormError>
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="start"
          disabled={!ready || form.isSubmitting}
          loading={form.isSubmitting}
        >
          Change password
        </Button>
      </Stack>
    </form>
  );
}
