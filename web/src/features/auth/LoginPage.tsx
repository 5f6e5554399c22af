import { useState } from 'react';
import { Link, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { setStoredUser, takeSessionExpired } from '../../lib/auth';
import { SESSION_EXPIRED } from './SessionExpiredNotice';
import { serverMessage, logFailure } from '../../lib/errors';
import { safeRedirect } from '../../lib/redirect';
import { AuthForm } from './AuthForm';
import { loginSchema } from './auth-validation';

const LoginPageLogin = graphql(`
  mutation LoginPageLogin($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      token
      user {
        id
        username
        email
        phone
        isAdmin
      }
    }
  }
`);

export function LoginPage() {
  const [login] = useMutation(LoginPageLogin);
  const [error, setError] = useState<string>();
  const [expired] = useState(takeSessionExpired);
  const navigate = useNavigate();
  const [params] = useSearchParams();

  return (
    <AuthForm
      mode="login"
      schema={loginSchema}
      error={error}
      info={expired ? SESSION_EXPIRED : undefined}
      onSubmit={async ({ email, password }) => {
        setError(undefined);
        try {
          const { data } = await login({ variables: { email: email.trim(), password } });
          if (!data) throw new Error('No data');
          const { token, user } = data.login;
          setStoredUser({ ...user, _id: user.id, token });
          navigate(safeRedirect(params.get('redirect')), { replace: true });
        } catch (e) {
          logFailure('Login failed', e);
          setError(serverMessage(e) ?? 'Login failed. Please try again.');
        }
      }}
      footer={
        <Text textAlign="center" fontSize="sm">
          <Link asChild colorPalette="brand">
            <RouterLink to="/forgot-password">Forgot your password?</RouterLink>
          </Link>
        </Text>
      }
    />
  );
}
