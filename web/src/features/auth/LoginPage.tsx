import { useRef, useState } from 'react';
import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { setStoredUser, takeSessionExpired } from '../../lib/auth';
import { SESSION_EXPIRED } from './SessionExpiredNotice';
import { serverCode, serverMessage, logFailure } from '../../lib/errors';
import { safeRedirect } from '../../lib/redirect';
import { useClaimLostFocus } from '../../lib/use-claim-lost-focus';
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

const LoginPageResendConfirmation = graphql(`
  mutation LoginPageResendConfirmation($email: String!) {
    resendConfirmation(email: $email) {
      message
    }
  }
`);

/**
 * Offered once a login is refused for an e-mail not confirmed yet: a new confirmation link, for a first mail that was
 * lost or whose link expired (otherwise the account could neither log in nor sign up again).
 */
function ResendConfirmation({ email }: { email: string }) {
  const [resend, { loading }] = useMutation(LoginPageResendConfirmation);
  const [answer, setAnswer] = useState<string>();
  // The answer takes the button's place, and the focus the button had.
  const said = useRef<HTMLParagraphElement>(null);
  useClaimLostFocus(said, answer);
  if (answer) {
    return (
      <Text ref={said} tabIndex={-1} outline="none" role="status" textAlign="center" fontSize="sm">
        {answer}
      </Text>
    );
  }
  return (
    <Button
      variant="outline"
      colorPalette="brand"
      size="sm"
      loading={loading}
      onClick={() =>
        void resend({ variables: { email } }).then(
          ({ data }) => setAnswer(data?.resendConfirmation.message),
          (e: unknown) => {
            logFailure('Resending the confirmation failed', e);
            setAnswer(serverMessage(e) ?? 'The confirmation e-mail could not be sent. Please try again.');
          },
        )
      }
    >
      Send the confirmation e-mail again
    </Button>
  );
}

export function LoginPage() {
  const [login] = useMutation(LoginPageLogin);
  const [error, setError] = useState<string>();
  // The e-mail a login was just refused for because it is not confirmed yet.
  const [unconfirmed, setUnconfirmed] = useState<string>();
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
        setUnconfirmed(undefined);
        try {
          const { data } = await login({ variables: { email: email.trim(), password } });
          if (!data) throw new Error('No data');
          const { token, user } = data.login;
          setStoredUser({ ...user, _id: user.id, token });
          navigate(safeRedirect(params.get('redirect')), { replace: true });
        } catch (e) {
          logFailure('Login failed', e);
          setError(serverMessage(e) ?? 'Login failed. Please try again.');
          // login refuses only an unconfirmed e-mail as FORBIDDEN (a wrong password is UNAUTHENTICATED)
          if (serverCode(e) === 'FORBIDDEN') setUnconfirmed(email.trim());
        }
      }}
      footer={
        <Stack gap="3">
          {unconfirmed && <ResendConfirmation key={unconfirmed} email={unconfirmed} />}
          <Text textAlign="center" fontSize="sm">
            <Link asChild colorPalette="brand">
              <RouterLink to="/forgot-password">Forgot your password?</RouterLink>
            </Link>
          </Text>
        </Stack>
      }
    />
  );
}
