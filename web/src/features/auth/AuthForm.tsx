import type { ReactNode } from 'react';
import { Button, Card, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { Link as RouterLink } from 'react-router-dom';
import type { AnyObjectSchema } from 'yup';
import { FormField } from '../../components/FormField';
import { Notice } from '../../components/Notice';
import { PasswordInput } from '../../components/PasswordInput';

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
  footer,
}: {
  mode: Mode;
  schema: AnyObjectSchema;
  onSubmit: (values: AuthValues) => Promise<unknown>;
  error?: string;
  success?: string;
  footer?: ReactNode;
}) {
  const fields: (keyof AuthValues)[] = mode === 'signup' ? ['username', 'email', 'password'] : ['email', 'password'];
  const form = useFormik<AuthValues>({
    initialValues: { username: '', email: '', password: '' },
    validationSchema: schema,
    onSubmit: async (values) => {
      await onSubmit(values);
    },
  });
  const anyEmpty = fields.some((name) => !form.values[name].trim());
  const anyError = fields.some((name) => form.errors[name]);
  const copy = COPY[mode];

  return (
    <Card.Root maxW="md" mx="auto" w="100%" variant="elevated">
      <Card.Body>
        <form onSubmit={form.handleSubmit} noValidate>
          <Stack gap="5">
            <Heading as="h1" size="2xl" textAlign="center">
              {copy.title}
            </Heading>
            {success && <Notice status="success">{success}</Notice>}
            {fields.includes('username') && (
              <FormField label="Username" error={form.errors.username} touched={form.touched.username}>
                <Input
                  name="username"
                  autoComplete="username"
                  value={form.values.username}
                  onChange={form.handleChange}
                  onBlur={form.handleBlur}
                />
              </FormField>
            )}
            <FormField label="Email" error={form.errors.email} touched={form.touched.email}>
              <Input
                name="email"
                type="email"
                autoComplete="email"
                value={form.values.email}
                onChange={form.handleChange}
                onBlur={form.handleBlur}
              />
            </FormField>
            <FormField label="Password" error={form.errors.password} touched={form.touched.password}>
              <PasswordInput
                name="password"
                autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                value={form.values.password}
                onChange={form.handleChange}
                onBlur={form.handleBlur}
              />
            </FormField>
            {error && (
              <Text color="fg.error" role="alert">
                {error}
              </Text>
            )}
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
