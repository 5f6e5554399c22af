import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge, Box, Button, Flex, HStack, IconButton, Link, Text, type LinkProps } from '@chakra-ui/react';
import { matchPath, NavLink, Link as RouterLink, useLocation } from 'react-router-dom';
import { LuGamepad2, LuMenu, LuShoppingCart } from 'react-icons/lu';
import { useCurrentUser } from '../../lib/auth';
import { ADMIN_LINKS, NAV_LINKS, TWO_ROW_BAR } from './nav-links';
import { ThemeSwitch } from './ThemeSwitch';
import { useMediaMatch } from '../../lib/use-media-match';
import { ON_NAVY_FOCUS_RING } from '../../lib/focus-ring';

// The preview (and its hover-card machinery) loads on the first hover or focus of the cart icon.
const CartPreview = lazy(() => import('../../features/cart/CartPreview').then((m) => ({ default: m.CartPreview })));

/**
 * A link of the top bar or the drawer, on one line; the current section is shown in gold: its own page
 * (`aria-current="page"`) or a page `within` it (`aria-current="true"`). `maxW` cuts a long label (a username may be 60
 * characters) with an ellipsis; the whole label stays in its title.
 */
export function SectionLink({
  to,
  label,
  within,
  onClick,
  maxW,
  icon,
}: {
  to: string;
  label: string;
  within?: readonly string[];
  onClick?: () => void;
  maxW?: LinkProps['maxW'];
  /** Before the label, inside the link (a tap on it follows the link too); not part of the link's name. */
  icon?: ReactNode;
}) {
  const { pathname } = useLocation();
  const inSection = within?.some((pattern) => matchPath(pattern, pathname)) ?? false;
  return (
    <Link
      asChild
      // narrower and smaller from lg to xl, where an admin's six links share the bar with the account
      px={{ base: '3', lg: '2', xl: '3' }}
      py="2"
      rounded="md"
      fontWeight="semibold"
      fontSize={{ base: 'md', lg: 'sm', xl: 'md' }}
      whiteSpace="nowrap"
      {...(maxW && {
        maxW,
        display: 'block',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        title: label,
      })}
      color="inherit"
      _hover={{ color: 'gold.300', textDecoration: 'none' }}
      css={{ '&[aria-current]': { color: 'var(--chakra-colors-gold-400)' } }}
    >
      {inSection ? (
        <RouterLink to={to} onClick={onClick} aria-current="true">
          {icon}
          {label}
        </RouterLink>
      ) : (
        <NavLink to={to} onClick={onClick}>
          {icon}
          {label}
        </NavLink>
      )}
    </Link>
  );
}

/**
 * The top bar's height as it is drawn, as `--top-bar-height` on the page: what the keyboard or an anchor scrolls to
 * stays clear of it (theme.ts) however many rows it takes, a reader's wider text spacing wrapping it too.
 */
function usePublishedHeight() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--top-bar-height', `${header.offsetHeight}px`));
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--top-bar-height');
    };
  }, []);
  return ref;
}

export function TopBar({ onOpenMenu, cartCount }: { onOpenMenu: () => void; cartCount?: number }) {
  const user = useCurrentUser();
  const headerRef = usePublishedHeight();
  const [previewWanted, setPreviewWanted] = useState(false);
  // Only a mouse hovering the icon asks for the preview. A tap does not: swapping the link for the preview in the
  // middle of a tap swallowed it, and a phone has no hover to close the card with. Nor does keyboard focus: the swap
  // dropped the focus, and the card stayed open over the page; Enter goes to the cart page, which shows it all.
  const wantPreview = () => setPreviewWanted(true);
  const cartLink = (
    <Link
      asChild
      color="inherit"
      position="relative"
      p="2"
      mr="1"
      aria-label={cartCount === undefined ? 'Cart' : `Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
      onPointerEnter={(e) => e.pointerType === 'mouse' && wantPreview()}
    >
      <RouterLink to="/cart">
        <LuShoppingCart size="22" />
        {/* No badge while a signed-in cart loads: a 0 that turns into its count reads as a cart emptied, then refilled. */}
        <Badge
          hidden={cartCount === undefined}
          position="absolute"
          top="0"
          right="-1"
          rounded="full"
          bg="gold.400"
          color="navy.950"
          fontSize="2xs"
          minW="5"
          justifyContent="center"
          data-testid="cart-count"
        >
          {cartCount}
        </Badge>
      </RouterLink>
    </Link>
  );
  // sm to lg: last, on a row of its own (wrapping, for an admin's six links on a narrow tablet), and last in the page
  // too, so the keyboard goes through the first row before it. (The CSS places it; the page order follows the query.)
  const twoRows = useMediaMatch(TWO_ROW_BAR);
  const nav = (
    <HStack
      as="nav"
      aria-label="Main"
      gap="1"
      display={{ base: 'none', sm: 'flex' }}
      order={{ sm: 1, lg: 0 }}
      flexBasis={{ sm: '100%', lg: 'auto' }}
      wrap={{ sm: 'wrap', lg: 'nowrap' }}
      pb={{ sm: '2', lg: '0' }}
      ml={{ sm: '-2', md: '-3', lg: '0' }} // the first link's text under the logo, its padding in the bar's margin
      mr={{ lg: 'auto' }}
    >
      {NAV_LINKS.map((link) => (
        <SectionLink key={link.to} {...link} />
      ))}
      {user?.isAdmin && ADMIN_LINKS.map((link) => <SectionLink key={link.to} {...link} />)}
    </HStack>
  );
  return (
    <Box
      ref={headerRef}
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="topbar.bg"
      color="topbar.fg"
      shadow="md"
      css={ON_NAVY_FOCUS_RING}
    >
      {/*
       * Phones (below sm): the links are in the drawer (spec: "shown below the small breakpoint"). From sm to lg the
       * links take a second row of their own: an admin's six links, the switch, the cart and the account do not fit
       * one row of a 768 px tablet. From lg up, one row, which still wraps when the text is set wider than it fits.
       */}
      <Flex
        maxW="1200px"
        mx="auto"
        px={{ base: '2', md: '6' }}
        align="center"
        wrap={{ base: 'nowrap', sm: 'wrap' }}
        columnGap={{ base: '1', md: '2' }}
      >
        <IconButton
          aria-label="Open menu"
          variant="ghost"
          size="sm"
          color="inherit"
          _hover={{ bg: 'whiteAlpha.200' }}
          display={{ base: 'inline-flex', sm: 'none' }}
          onClick={onOpenMenu}
        >
          <LuMenu />
        </IconButton>
        {/* The first row's height (64 px), whatever else the bar holds; the link itself only as big as the logo. */}
        <Flex h="16" align="center" mr={{ base: 'auto', lg: '4' }}>
          <Link asChild color="inherit" _hover={{ textDecoration: 'none' }}>
            <RouterLink to="/" aria-label="Checkpoint home">
              <HStack gap={{ base: '1', md: '2' }}>
                <Box as={LuGamepad2} boxSize={{ base: '5', sm: '6', md: '7' }} color="gold.400" />
                <Text
                  as="span"
                  fontSize={{ base: 'md', sm: 'lg', md: 'xl' }}
                  // Under 360 px a guest's bar (menu, name, switch, cart, Login) has no room to spare: a smaller name
                  // keeps the switch clear of it.
                  css={{ '@media (max-width: 359.98px)': { fontSize: 'sm' } }}
                  fontWeight="extrabold"
                  letterSpacing="tight"
                >
                  Checkpoint
                </Text>
              </HStack>
            </RouterLink>
          </Link>
        </Flex>
        {!twoRows && nav}
        <ThemeSwitch />
        {previewWanted ? (
          <Suspense fallback={cartLink}>
            <CartPreview trigger={cartLink} />
          </Suspense>
        ) : (
          cartLink
        )}
        {user ? (
          // A row's height, as the first: with wider text (the user's own spacing, WCAG 1.4.12) the account wraps to a
          // row of its own rather than off the screen's edge, and Logout keeps its margin there.
          <HStack gap="2" display={{ base: 'none', sm: 'flex' }} minH="16">
            <SectionLink
              to="/profile"
              label={user.username}
              maxW={user.isAdmin ? { base: '6rem', md: '7rem', lg: '6rem', xl: '7rem' } : { base: '6rem', md: '10rem' }}
            />
            <Button asChild size="sm" variant="outline" color="inherit" borderColor="whiteAlpha.500">
              <RouterLink to="/logout">Logout</RouterLink>
            </Button>
          </HStack>
        ) : (
          <Button asChild size={{ base: 'xs', md: 'sm' }} bg="gold.400" color="navy.950" _hover={{ bg: 'gold.300' }}>
            <RouterLink to="/login">Login</RouterLink>
          </Button>
        )}
        {twoRows && nav}
      </Flex>
    </Box>
  );
}
