import { useEffect, useRef } from 'react';
import { Box, CloseButton, Drawer, Portal, Separator, Stack } from '@chakra-ui/react';
import { LuCircleUserRound } from 'react-icons/lu';
import { useCurrentUser } from '../../lib/auth';
import { ADMIN_LINKS, LINKS_IN_BAR, NAV_LINKS } from './nav-links';
import { useMediaMatch } from '../../lib/use-media-match';
import { SectionLink } from './TopBar';

/** The links on small screens: a 240 px drawer from the left; Logout joins them when signed in. */
export function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useCurrentUser();
  // The drawer is for phones (below sm, where its button is): a phone turned to landscape, or a window widened, shows
  // the links in the bar, and an open drawer would stay over it with no button left to have opened it.
  // Closed so, the keyboard goes to the page's content: the menu button it would go back to is hidden there.
  const wide = useMediaMatch(LINKS_IN_BAR);
  const closedByWidth = useRef(false);
  useEffect(() => {
    if (!open) return;
    closedByWidth.current = wide;
    if (wide) onClose();
  }, [open, wide, onClose]);
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      placement="start"
      finalFocusEl={() => (closedByWidth.current ? document.getElementById('main') : null)}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="240px" w="240px" bg="topbar.bg" color="topbar.fg">
            {/* First in the page as it is first on screen (top corner): the first Tab stop, not the last. */}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" color="inherit" aria-label="Close menu" />
            </Drawer.CloseTrigger>
            <Drawer.Header>
              <Drawer.Title>Checkpoint</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label="Menu" gap="1">
                {NAV_LINKS.map((link) => (
                  <SectionLink key={link.to} {...link} onClick={onClose} />
                ))}
                {user?.isAdmin && ADMIN_LINKS.map((link) => <SectionLink key={link.to} {...link} onClick={onClose} />)}
                {/* the account apart from the site's sections: the username reads as the profile, not as a section */}
                <Separator borderColor="whiteAlpha.300" my="2" />
                {user ? (
                  <>
                    <SectionLink
                      to="/profile"
                      label={user.username}
                      onClick={onClose}
                      maxW="100%"
                      icon={
                        <Box
                          as={LuCircleUserRound}
                          aria-hidden
                          boxSize="5"
                          display="inline-block"
                          verticalAlign="text-bottom"
                          me="2"
                        />
                      }
                    />
                    <SectionLink to="/logout" label="Logout" onClick={onClose} />
                  </>
                ) : (
                  <SectionLink to="/login" label="Login" onClick={onClose} />
                )}
              </Stack>
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
