import { useEffect, useState } from 'react';
import { Box } from '@chakra-ui/react';
import { useLocation } from 'react-router-dom';
import { Notice } from '../../components/Notice';
import { MERGE_NOTICE_TITLE } from './merge-notice';

/**
 * Above the page the customer lands on after logging in: what the merge of their guest cart left out or cut. It stays
 * until closed or until they go to another page.
 */
export function CartMergeNotice({ message, onClose }: { message: string; onClose: () => void }) {
  const { pathname } = useLocation();
  const [shownOn] = useState(pathname);
  useEffect(() => {
    if (pathname !== shownOn) onClose();
  }, [pathname, shownOn, onClose]);
  return (
    <Box mb="6">
      <Notice status="warning" title={MERGE_NOTICE_TITLE} onClose={onClose}>
        {message}
      </Notice>
    </Box>
  );
}
