import { useEffect } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { setStoredUser } from '../../lib/auth';

/** Forgets the user, its token and everything cached for it, then shows the login page. */
export function LogoutPage() {
  const client = useApolloClient();
  const navigate = useNavigate();
  useEffect(() => {
    setStoredUser(null);
    void client.clearStore().finally(() => navigate('/login', { replace: true }));
  }, [client, navigate]);
  return null;
}
