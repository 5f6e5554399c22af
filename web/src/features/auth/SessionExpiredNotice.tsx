import { Box } from '@chakra-ui/react';
import { Notice } from '../../components/Notice';

export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

/**
 * Above the page the visitor is on when their session ends by expiring (or is ended by a password change elsewhere):
 * the page stays, as a guest's, and this says why they were signed out. The layout shows it on that page alone, until
 * closed; the login page says it itself.
 */
export function SessionExpiredNotice({ onClose }: { onClose: () => void }) {
  return (
    <Box mb="6">
      <Notice status="warning" onClose={onClose}>
        {SESSION_EXPIRED}
      </Notice>
    </Box>
  );
}
