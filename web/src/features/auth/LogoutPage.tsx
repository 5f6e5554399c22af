import { useEffect, useState } from 'react';
import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useApolloClient } from '@apollo/client/react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { graphql } from '../../gql';
import { getStoredUser, setStoredUser } from '../../lib/auth';
import { logoutAsked } from '../../lib/logout-link';

export const LogoutPageEnd = graphql(`
  mutation LogoutPageEnd {
    logout {
      message
    }
  }
`);

/** How long the server is given to end the session before the visitor is shown the login page anyway. */
const END_WAIT_MS = 3000;

/**
 * Ends the session on the server (its token, if copied, opens nothing any more), forgets the user, its token and
 * everything cached for it, then shows the login page. The visitor is signed out here whatever the server answers:
 * offline, or slow past END_WAIT_MS, the token is still forgotten in this browser.
 *
 * Opened other than by the app's own Logout (a link on another site, a typed address), it asks first: no page
 * elsewhere can sign a visitor out.
 */
export function LogoutPage() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [confirmedHere, setConfirmed] = useState(false);
  // The app's Logout (also pressed while this page asks), a confirmation here, or nobody signed in: nothing to ask.
  const confirmed = confirmedHere || logoutAsked(location.state) || !getStoredUser();
  useEffect(() => {
    if (!confirmed) return;
    const token = getStoredUser()?.token;
    // The token goes with the request itself: the stored user is forgotten at once, before the answer.
    const ended = token
      ? client
          .mutate({ mutation: LogoutPageEnd, context: { headers: { authorization: `Bearer ${token}` } } })
          .catch(() => undefined)
      : Promise.resolve();
    setStoredUser(null);
    const waited = new Promise((resolve) => setTimeout(resolve, END_WAIT_MS));
    void Promise.race([ended, waited])
      .then(() => client.clearStore())
      .finally(() => navigate('/login', { replace: true }));
  }, [confirmed, client, navigate]);
  if (confirmed) return null;
  return (
    <Card.Root maxW="md" mx="auto" w="100%" variant="elevated">
      <Card.Body>
        <Stack gap="5">
          <Heading as="h1" size="2xl" textAlign="center">
            Log out?
          </Heading>
          <Text color="fg.muted" textAlign="center">
            A link you opened would log you out of Checkpoint.
          </Text>
          <HStack justify="center" gap="3" flexWrap="wrap">
            <Button colorPalette="brand" onClick={() => setConfirmed(true)}>
              Log out
            </Button>
            <Button asChild variant="outline">
              <RouterLink to="/" replace>
                Stay signed in
              </RouterLink>
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
