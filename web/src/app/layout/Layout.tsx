import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Box, Flex, Link } from '@chakra-ui/react';
import { Outlet, useLocation } from 'react-router-dom';
import { TopBar } from './TopBar';
import { Footer } from './Footer';
import { CartProvider, useCartCount, useCartMergeNotice } from '../../features/cart/CartProvider';
import { RouteErrorBoundary } from '../RouteError';
import { Loading } from '../../components/Loading';
import { sessionExpiredPending, useCurrentUser } from '../../lib/auth';
import { scrollBehavior } from '../../lib/motion';

// The drawer (and its dialog machinery) is only needed once someone opens the menu on a small screen.
const NavDrawer = lazy(() => import('./NavDrawer').then((m) => ({ default: m.NavDrawer })));
// Only someone whose guest cart changed on login ever sees it.
const CartMergeNotice = lazy(() =>
  import('../../features/cart/CartMergeNotice').then((m) => ({ default: m.CartMergeNotice })),
);
// Only someone whose session ends by expiring while on a page ever sees it.
const SessionExpiredNotice = lazy(() =>
  import('../../features/auth/SessionExpiredNotice').then((m) => ({ default: m.SessionExpiredNotice })),
);

/**
 * The page on which the signed-in user was signed out because their session expired (not by logging out), while they
 * are still on it: the notice saying so belongs to that page alone.
 */
function useSignedOutByExpiry(pathname: string): [boolean, () => void] {
  const user = useCurrentUser();
  const [userBefore, setUserBefore] = useState(user);
  const [expiredOn, setExpiredOn] = useState<string | null>(null);
  if (user !== userBefore) {
    setUserBefore(user);
    setExpiredOn(user === null && userBefore !== null && sessionExpiredPending() ? pathname : null);
  }
  return [expiredOn === pathname, useCallback(() => setExpiredOn(null), [])];
}

/** Every route change starts at the top of the page, smoothly (at once for visitors who want less motion). */
function useScrollToTopOnNavigate(pathname: string) {
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
  }, [pathname]);
}

/**
 * Rendered beside the page, so it mounts when the new page does (its chunk loaded): the keyboard (and a screen
 * reader) moves to the page's content, and the next Tab is in the new page rather than back in the top bar or lost on
 * the body. Not on the first page of a visit, where the first Tab is the skip link; not when the page put the focus
 * in itself. `navigated` says whether the visit has left its first page, as it was when this page mounted: a link
 * followed before the first page's chunk had even arrived still moves the focus.
 */
function FocusPageOnArrival({ navigated }: { navigated: boolean }) {
  const afterNavigation = useRef(navigated);
  useEffect(() => {
    if (!afterNavigation.current) return;
    const main = document.getElementById('main');
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
  }, []);
  return null;
}

export function Layout() {
  return (
    <CartProvider>
      <LayoutFrame />
    </CartProvider>
  );
}

function LayoutFrame() {
  const count = useCartCount();
  const { mergeNotice, dismissMergeNotice } = useCartMergeNotice();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const { pathname, key } = useLocation();
  const [signedOutByExpiry, dismissExpiry] = useSignedOutByExpiry(pathname);
  useScrollToTopOnNavigate(pathname);
  // Whether the visit has left its first page (history entry) yet; it stays so, also back on that page.
  const [firstKey] = useState(key);
  const [navigated, setNavigated] = useState(false);
  if (!navigated && key !== firstKey) setNavigated(true);
  return (
    <Flex direction="column" minH="100vh">
      {/* The first stop of the Tab key: past the top bar's links to the page itself. Off screen until focused. */}
      <Link
        href="#main"
        position="absolute"
        left="2"
        top="-20"
        _focus={{ top: '2' }}
        zIndex="skipNav"
        bg="bg"
        color="fg"
        px="3"
        py="2"
        rounded="md"
        shadow="md"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </Link>
      <TopBar
        cartCount={count}
        onOpenMenu={() => {
          setMenuUsed(true);
          setMenuOpen(true);
        }}
      />
      {menuUsed && (
        <Suspense fallback={null}>
          <NavDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
      <Box
        as="main"
        id="main"
        tabIndex={-1}
        outline="none"
        flex="1"
        // At least a screen under the top bar (4rem on phones and from lg; taller between): the footer starts below the
        // fold, so a page whose chunk or data is still loading does not show it first and then push it away.
        minH="calc(100dvh - 4rem)"
        w="100%"
        maxW="1200px"
        mx="auto"
        px={{ base: '4', md: '6' }}
        py={{ base: '6', md: '10' }}
      >
        {signedOutByExpiry && (
          <Suspense fallback={null}>
            <SessionExpiredNotice onClose={dismissExpiry} />
          </Suspense>
        )}
        {mergeNotice && (
          <Suspense fallback={null}>
            <CartMergeNotice key={mergeNotice} message={mergeNotice} onClose={dismissMergeNotice} />
          </Suspense>
        )}
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<Loading label="Loading page" />}>
            <Outlet />
            <FocusPageOnArrival navigated={navigated} />
          </Suspense>
        </RouteErrorBoundary>
      </Box>
      <Footer />
    </Flex>
  );
}
