import { useState } from 'react';
import { Alert, Button } from '@chakra-ui/react';
import { logFailure } from '../lib/errors';

/**
 * What a page could not load (a list) or finish (a paid order): its words in the alert style, and a way to ask again
 * without a reload.
 */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
      <Button
        size="sm"
        variant="outline"
        loading={busy}
        onClick={() => {
          setBusy(true);
          onRetry()
            .catch((e: unknown) => logFailure('Retry failed', e))
            .finally(() => setBusy(false));
        }}
      >
        Try again
      </Button>
    </Alert.Root>
  );
}
