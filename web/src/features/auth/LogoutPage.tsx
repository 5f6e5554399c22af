import { useEffect, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { graphql } from '../../gql';
import { getStoredUser, setStoredUser } from '../../lib/auth';

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
 * However it is opened (the app's Logout, a typed address, a link), as the spec's route table says.
 */
const isPrerendering = () => (document as Document & { prerendering?: boolean }).prerendering === true;

export function LogoutPage() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [shown, setShown] = useState(() => !isPrerendering());
  // A browser may load a page the address bar predicts before it is asked for (Chrome's prerendering): /logout then
  // waits until it is really opened, or typing "/lo" would log the visitor out.
  useEffect(() => {
    if (shown) return;
    const show = () => setShown(true);
    document.addEventListener('prerenderingchange', show, { once: true });
    return () => document.removeEventListener('prerenderingchange', show);
  }, [shown]);
  useEffect(() => {
    if (!shown) return;
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
  }, [shown, client, navigate]);
  return null;
}
