import { useState } from 'react';
import { Button, Card, Heading, Link, Stack } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { serverMessage } from '../../lib/errors';
import { useLoginPath } from './login-path';
import { FormError, FormikField } from '../../components/FormField';
import { Notice } from '../../components/Notice';
import { password } from './auth-validation';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';

export const ResetPasswordPageReset = graphql(`
  mutation ResetPasswordPageReset($token: String!, $newPassword: String!) {
    resetPassword(token: $token, newPassword: $newPassword) {
      message
    }
  }
`);

export const ResetPasswordPageLinkWorks = graphql(`
  query ResetPasswordPageLinkWorks($token: String!) {
    passwordResetLinkWorks(token: $token)
  }
`);

const schema = yup.object({
  newPassword: password,
  confirmPassword: yup
    .string()
    .required('Password is required.')
    .oneOf([yup.ref('newPassword')], 'New password and confirm passwrd must match.'),
});

const INVALID_LINK = 'Invalid or expired token.';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [reset] = useMutation(ResetPasswordPageReset);
  // A used, replaced or expired link is told at once, not after both passwords are typed. Until the answer comes (or
  // if it cannot), the form is there: the reset itself says the same.
  const link = useQuery(ResetPasswordPageLinkWorks, { variables: { token }, fetchPolicy: 'network-only' });
  const deadLink = link.data?.passwordResetLinkWorks === false;
  const [done, setDone] = useState<string>();
  const loginPath = useLoginPath();
  const [error, setError] = useState<string>();
  const form = useFormik({
    initialValues: { newPassword: '', confirmPassword: '' },
    validationSchema: schema,
    onSubmit: async (values) => {
      setError(undefined);
      try {
        const { data } = await reset({ variables: { token, newPassword: values.newPassword } });
        setDone(data?.resetPassword.message);
      } catch (e) {
        setError(serverMessage(e) ?? INVALID_LINK);
      }
    },
  });
  const formRef = useFocusFirstInvalid(form);
  const blocked =
    !form.values.newPassword ||
    !form.values.confirmPassword ||
    Object.keys(form.errors).length > 0 ||
    form.isSubmitting;
  return (
    <Card.Root maxW="md" mx="auto" w="100%" variant="elevated">
      <Card.Body>
        <form ref={formRef} onSubmit={form.handleSubmit} noValidate>
          <Stack gap="5">
            <Heading as="h1" size="2xl" textAlign="center">
              Choose a new password
            </Heading>
            {done ? (
              <>
                <Notice status="success" claimsLostFocus>
                  {done}
                </Notice>
                <Button asChild colorPalette="brand">
                  <RouterLink to={loginPath}>Go to Login</RouterLink>
                </Button>
              </>
            ) : deadLink ? (
              <>
                <Notice status="error">{INVALID_LINK}</Notice>
                <NewLinkLink />
              </>
            ) : (
              <>
                <FormikField
                  form={form}
                  name="newPassword"
                  label="New password"
                  password
                  autoComplete="new-password"
                  required
                />
                <FormikField
                  form={form}
                  name="confirmPassword"
                  label="Confirm password"
                  password
                  autoComplete="new-password"
                  required
                />
                <FormError>{error}</FormError>
                {error === INVALID_LINK && <NewLinkLink />}
                <Button type="submit" colorPalette="brand" disabled={blocked} loading={form.isSubmitting}>
                  Set new password
                </Button>
              </>
            )}
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

/** Used, expired or replaced by a newer one: a new link is one step away. */
function NewLinkLink() {
  return (
    <Link asChild colorPalette="brand" fontSize="sm" alignSelf="center">
      <RouterLink to="/forgot-password">Ask for a new reset link</RouterLink>
    </Link>
  );
}
