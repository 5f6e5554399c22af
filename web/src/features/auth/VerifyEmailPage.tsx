import { useEffect, useRef, useState } from 'react';
import { Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { LuCircleCheck, LuCircleX } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { serverMessage } from '../../lib/errors';
import { useLoginPath } from './login-path';

const VerifyEmailPageConfirm = graphql(`
  mutation VerifyEmailPageConfirm($token: String!) {
    confirmEmail(token: $token) {
      message
    }
  }
`);

type Outcome = { state: 'loading' } | { state: 'success' | 'error'; message: string };

export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const [confirm] = useMutation(VerifyEmailPageConfirm);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'loading' });
  const loginPath = useLoginPath();
  // Tokens are single-use: call once per token, even when React runs the effect twice in development.
  const confirmedToken = useRef<string | null>(null);

  useEffect(() => {
    if (confirmedToken.current === token) return;
    confirmedToken.current = token;
    setOutcome({ state: 'loading' });
    confirm({ variables: { token } })
      .then(({ data }) => setOutcome({ state: 'success', message: data?.confirmEmail.message || 'Email confirmed!' }))
      .catch((e: unknown) => setOutcome({ state: 'error', message: serverMessage(e) ?? 'Invalid or expired token.' }));
  }, [token, confirm]);

  return (
    <Stack minH="60vh" align="center" justify="center" textAlign="center" gap="5">
      {outcome.state === 'loading' ? (
        <>
          <Spinner size="xl" color="brand.solid" />
          <Text fontSize="lg">Verifying your email...</Text>
        </>
      ) : (
        <>
          {outcome.state === 'success' ? (
            <LuCircleCheck size="56" color="var(--chakra-colors-green-500)" />
          ) : (
            <LuCircleX size="56" color="var(--chakra-colors-red-500)" />
          )}
          <Heading as="h1" size="2xl">
            {outcome.state === 'success' ? 'Email verified' : 'Verification failed'}
          </Heading>
          <Text fontSize="lg" data-testid="verify-message">
            {outcome.message}
          </Text>
          <Button asChild colorPalette="brand">
            <RouterLink to={loginPath}>Go to Login</RouterLink>
          </Button>
        </>
      )}
    </Stack>
  );
}
