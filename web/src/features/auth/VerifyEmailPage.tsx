import { useEffect, useRef, useState } from 'react';
import { Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { LuCircleCheck, LuCircleX } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { getStoredUser, setStoredUser } from '../../lib/auth';
import { serverMessage } from '../../lib/errors';

const VerifyEmailPageConfirm = graphql(`
  mutation VerifyEmailPageConfirm($token: String!) {
    confirmEmail(token: $token) {
      message
    }
  }
`);

const VerifyEmailPageMe = graphql(`
  query VerifyEmailPageMe {
    me {
      id
      username
      email
      phone
      pendingEmail
    }
  }
`);

/**
 * After a link confirmed, the signed-in user's profile as the server has it now: a link for a new address of theirs
 * changed their e-mail, which the cached profile and the stored user (the top bar's) must show. Answers whether it did.
 */
async function refreshSignedInUser(client: ReturnType<typeof useApolloClient>): Promise<boolean> {
  const stored = getStoredUser();
  if (!stored) return false;
  try {
    const { data } = await client.query({ query: VerifyEmailPageMe, fetchPolicy: 'network-only' });
    const me = data?.me;
    if (!me || me.id !== stored.id || me.email === stored.email) return false;
    setStoredUser({ ...stored, email: me.email });
    return true;
  } catch {
    return false; // the confirmation stands; the profile shows the new e-mail when it is next loaded
  }
}

type Outcome = { state: 'loading' } | { state: 'success' | 'error'; message: string; emailChanged?: boolean };

export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const [confirm] = useMutation(VerifyEmailPageConfirm);
  const client = useApolloClient();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'loading' });
  // Tokens are single-use: call once per token, even when React runs the effect twice in development.
  const confirmedToken = useRef<string | null>(null);

  useEffect(() => {
    if (confirmedToken.current === token) return;
    confirmedToken.current = token;
    setOutcome({ state: 'loading' });
    confirm({ variables: { token } })
      .then(async ({ data }) => {
        const emailChanged = await refreshSignedInUser(client);
        setOutcome({ state: 'success', message: data?.confirmEmail.message || 'Email confirmed!', emailChanged });
      })
      .catch((e: unknown) => setOutcome({ state: 'error', message: serverMessage(e) ?? 'Invalid or expired token.' }));
  }, [token, confirm, client]);

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
          <HStack gap="3" justify="center" flexWrap="wrap">
            {/* Spec: after either outcome, 'Go to Login' leads to /login (which sends a signed-in visitor home). */}
            <Button asChild colorPalette="brand">
              <RouterLink to="/login">Go to Login</RouterLink>
            </Button>
            {/* A new address of the signed-in user's: they stay signed in, and their profile shows it. */}
            {outcome.state === 'success' && outcome.emailChanged && (
              <Button asChild variant="outline">
                <RouterLink to="/profile">Go to Profile</RouterLink>
              </Button>
            )}
          </HStack>
        </>
      )}
    </Stack>
  );
}
