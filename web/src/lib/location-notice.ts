import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { announce } from './announce';

/** Navigation state carrying a message for the next page (spec §8: "success alert, then go to ..."). */
export type NoticeState = { notice?: string };

/**
 * The message the previous page sent along with the navigation, shown once: it is taken out of
 * the history entry so a reload or a back-and-forth does not show it again. It is also said to screen readers through
 * the live region the app keeps: a status that comes onto the page with its text already in it is not reliably read,
 * and the focus has gone to the new page's content. `LocationNotice` shows it, not as a live region of its own.
 */
export function useLocationNotice(): string | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const incoming = (location.state as NoticeState | null)?.notice;
  const [notice, setNotice] = useState(incoming);
  if (incoming && incoming !== notice) setNotice(incoming);
  useEffect(() => {
    if (!incoming) return;
    announce(incoming);
    void navigate(location.pathname + location.search, { replace: true, state: null });
  }, [incoming, location.pathname, location.search, navigate]);
  return notice;
}
