import { useLocationNotice } from '../lib/location-notice';
import { Notice } from './Notice';

/**
 * The success the previous page sent along with the navigation (a product or bar item saved or deleted), shown once.
 * It is said through the app's live region as it comes (see `useLocationNotice`), so it is not a status of its own.
 */
export function LocationNotice() {
  const notice = useLocationNotice();
  return notice ? (
    <Notice status="success" saidElsewhere>
      {notice}
    </Notice>
  ) : null;
}
