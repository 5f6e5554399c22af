import { Button, Stack, Text } from '@chakra-ui/react';
import { useLocation, useNavigate } from 'react-router-dom';

/** In place of the booking form for guests: log in, then come back to this page (spec §2). */
export function LoginPrompt() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = () =>
    navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  return (
    <Stack gap="4" align="start">
      <Text>Login now to reserve your prefered gaming session</Text>
      <Button colorPalette="brand" onClick={login}>
        Login
      </Button>
    </Stack>
  );
}
