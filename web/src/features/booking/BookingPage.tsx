import { Accordion, Heading, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../../lib/auth';
import { AllReservations, hasReservationsView } from './AllReservations';
import { BookingForm } from './BookingForm';
import { LoginPrompt } from './LoginPrompt';
import { MyBookings, hasMyBookingsView } from './MyBookings';
import { Stations } from './Stations';
import { INSIDE_FOCUS_RING } from '../../lib/focus-ring';

/** /booking: reserve a session, see one's own bookings, and for admins every reservation (spec §2). */
export function BookingPage() {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const panels = [
    {
      value: 'reserve',
      title: 'Reserve a new seesion',
      content: user ? <BookingForm /> : <LoginPrompt />,
    },
    ...(user ? [{ value: 'mine', title: 'View previous reservations', content: <MyBookings /> }] : []),
    ...(user?.isAdmin
      ? [
          { value: 'all', title: 'All reservations', content: <AllReservations /> },
          { value: 'stations', title: 'Stations', content: <Stations /> },
        ]
      : []),
  ];

  return (
    <Stack gap="8" py={{ base: '4', md: '8' }}>
      <Stack gap="2">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Book Your Gaming Experience – Seamless Reservations Await!
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          Secure your spot for a console or VR session in a few clicks, and see or cancel your reservations here.
        </Text>
      </Stack>
      <Accordion.Root
        multiple
        collapsible
        // A link to another tab or page of My Bookings, or to a filtered, sorted or later page of All reservations
        // (shared, reloaded, come Back to) shows it.
        defaultValue={[
          'reserve',
          ...(hasMyBookingsView(params) ? ['mine'] : []),
          ...(hasReservationsView(params) ? ['all'] : []),
        ]}
        variant="enclosed"
        lazyMount
      >
        {panels.map((p) => (
          <Accordion.Item key={p.value} value={p.value}>
            {/* The ARIA accordion pattern: the button inside a heading, not a heading inside a button. */}
            <Heading as="h2" size="md">
              {/* The enclosed accordion clips what is drawn outside its items: the focus ring is drawn inside. */}
              <Accordion.ItemTrigger
                py="4"
                cursor="pointer"
                fontSize="inherit"
                fontWeight="inherit"
                _focusVisible={INSIDE_FOCUS_RING}
              >
                <Text flex="1" textAlign="start">
                  {p.title}
                </Text>
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
            </Heading>
            <Accordion.ItemContent>
              <Accordion.ItemBody pb="6">{p.content}</Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </Stack>
  );
}
