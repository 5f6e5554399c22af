import type { ReactNode } from 'react';
import { Button, Card, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { Link as RouterLink } from 'react-router-dom';
import type { AnyObjectSchema } from 'yup';
import { FormError, FormikField } from '../../components/FormField';
import { Notice } from '../../components/Notice';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';

export type AuthValues = { username: string; email: string; password: string };
type Mode = 'login' | 'signup';

const COPY: Record<Mode, { title: string; submit: string; busy: string; other: ReactNode }> = {
  login: {
    title: 'Login',
    submit: 'Login',
    busy: 'Logging in...',
    other: (
      <>
        Don&apos;t have an account?{' '}
        <Link asChild colorPalette="brand" fontWeight="semibold">
          <RouterLink to="/signup">Sign up</RouterLink>
        </Link>
      </>
    ),
  },
  signup: {
    title: 'Sign up',
    submit: 'Sign up',
    busy: 'Signing up...',
    other: (
      <>
        Already have an account?{' '}
        <Link asChild colorPalette="brand" fontWeight="semibold">
          <RouterLink to="/login">Login</RouterLink>
        </Link>
      </>
    ),
  },
};

/**
 * The one form behind login and sign-up: errors appear once a field is touched, submit stays
 * disabled while any field is empty or invalid, Enter submits.
 */
export function AuthForm({
  mode,
  schema,
  onSubmit,
  error,
  success,
  info,
  footer,
}: {
  mode: Mode;
  schema: AnyObjectSchema;
  /** Answers 'clear' to empty the form (a sign-up that went through: nothing to send twice, no password left). */
  onSubmit: (values: AuthValues) => Promise<'clear' | void>;
  error?: string;
  success?: string;
  info?: string;
  footer?: ReactNode;
}) {
  const fields: (keyof AuthValues)[] = mode === 'signup' ? ['username', 'email', 'password'] : ['email', 'password'];
  const form = useFormik<AuthValues>({
    initialValues: { username: '', email: '', password: '' },
    validationSchema: schema,
    onSubmit: async (values) => {
      if ((await onSubmit(values)) === 'clear') form.resetForm();
    },
  });
  const formRef = useFocusFirstInvalid(form);
  const anyEmpty = fields.some((name) => !form.values[name].trim());
  const anyError = fields.some((name) => form.errors[name]);
  const copy = COPY[mode];

  return (
    <Card.Root maxW="md" mx="auto" w="100%" variant="elevated">
      <Card.Body>
        <form ref={formRef} onSubmit={form.handleSubmit} noValidate>
          <Stack gap="5">
            <Heading as="h1" size="2xl" textAlign="center">
              {copy.title}
            </Heading>
            {success && (
              <Notice status="success" claimsLostFocus>
                {success}
              </Notice>
            )}
            {info && <Notice status="info">{info}</Notice>}
            {fields.includes('username') && (
              <FormikField form={form} name="username" label="Username" autoComplete="username" required />
            )}
            <FormikField form={form} name="email" label="Email" type="email" autoComplete="email" required />
            <FormikField
              form={form}
              name="password"
              label="Password"
              password
              required
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            />
            <FormError>{error}</FormError>
            <Button
              type="submit"
              colorPalette="brand"
              size="lg"
              disabled={anyEmpty || anyError || form.isSubmitting}
              loading={form.isSubmitting}
              loadingText={copy.busy}
            >
              {copy.submit}
            </Button>
            <Text textAlign="center" fontSize="sm">
              {copy.other}
            </Text>
            {footer}
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
