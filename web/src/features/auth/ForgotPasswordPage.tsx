import { useState } from 'react';
import { Button, Card, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { Link as RouterLink } from 'react-router-dom';
import { graphql } from '../../gql';
import { serverMessage } from '../../lib/errors';
import { FormError, FormikField } from '../../components/FormField';
import { Notice } from '../../components/Notice';
import { email } from './auth-validation';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';

const ForgotPasswordPageRequest = graphql(`
  mutation ForgotPasswordPageRequest($email: String!) {
    requestPasswordReset(email: $email) {
      message
    }
  }
`);

export function ForgotPasswordPage() {
  const [request] = useMutation(ForgotPasswordPageRequest);
  const [sent, setSent] = useState<string>();
  const [error, setError] = useState<string>();
  const form = useFormik({
    initialValues: { email: '' },
    validationSchema: yup.object({ email }),
    onSubmit: async (values) => {
      setError(undefined);
      try {
        const { data } = await request({ variables: { email: values.email.trim() } });
        setSent(data?.requestPasswordReset.message);
      } catch (e) {
        setError(serverMessage(e) ?? 'Could not send the reset link. Please try again.');
      }
    },
  });
  const formRef = useFocusFirstInvalid(form);
  return (
    <Card.Root maxW="md" mx="auto" w="100%" variant="elevated">
      <Card.Body>
        <form ref={formRef} onSubmit={form.handleSubmit} noValidate>
          <Stack gap="5">
            <Heading as="h1" size="2xl" textAlign="center">
              Forgot your password?
            </Heading>
            <Text color="fg.muted">Enter your e-mail and we will send you a link to choose a new password.</Text>
            {sent && (
              <Notice status="success" claimsLostFocus>
                {sent}
              </Notice>
            )}
            <FormikField form={form} name="email" label="Email" type="email" autoComplete="email" required />
            <FormError>{error}</FormError>
            <Button
              type="submit"
              colorPalette="brand"
              disabled={!form.values.email.trim() || Boolean(form.errors.email) || form.isSubmitting}
              loading={form.isSubmitting}
            >
              Send reset link
            </Button>
            <Text textAlign="center" fontSize="sm">
              <Link asChild colorPalette="brand">
                <RouterLink to="/login">Back to Login</RouterLink>
              </Link>
            </Text>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
