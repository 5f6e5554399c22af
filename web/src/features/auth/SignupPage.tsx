import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql';
import { serverMessage, logFailure } from '../../lib/errors';
import { AuthForm } from './AuthForm';
import { signupSchema } from './auth-validation';

const SignupPageRegister = graphql(`
  mutation SignupPageRegister($username: String!, $email: String!, $password: String!) {
    register(username: $username, email: $email, password: $password) {
      message
    }
  }
`);

/** Sign-up shows the server's message (check your inbox); it does not log in. */
export function SignupPage() {
  const [register] = useMutation(SignupPageRegister);
  const [error, setError] = useState<string>();
  const [success, setSuccess] = useState<string>();

  return (
    <AuthForm
      mode="signup"
      schema={signupSchema}
      error={error}
      success={success}
      onSubmit={async ({ username, email, password }) => {
        setError(undefined);
        setSuccess(undefined);
        try {
          const { data } = await register({ variables: { username: username.trim(), email: email.trim(), password } });
          setSuccess(data?.register.message);
          return 'clear';
        } catch (e) {
          logFailure('Sign-up failed', e);
          setError(serverMessage(e) ?? 'Signup failed. Please try again.');
        }
      }}
    />
  );
}
