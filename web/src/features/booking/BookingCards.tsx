import type { ReactNode } from 'react';
import { HStack, Stack, Text } from '@chakra-ui/react';
import type { BookingRow_BookingFragment } from '../../gql/graphql';
import { BookingStatusBadge } from './BookingStatusBadge';

type CardBooking = BookingRow_BookingFragment & { user?: { username: string; email: string } };

/** "14:00–15:30", the slot as the card shows it on one line. */
export const bookingSlot = (b: Pick<BookingRow_BookingFragment, 'startTime' | 'endTime'>) =>
  `${b.startTime}–${b.endTime}`;

/**
 * The phone and tablet layout of a booking table (below lg, where the admin's columns do not fit): one compact card per booking with the
 * same data, the same status badge and the same action buttons as the table row.
 */
export function BookingCards<B extends CardBooking>({
  label,
  items,
  actions,
}: {
  label: string;
  items: B[];
  actions: (booking: B) => ReactNode;
}) {
  return (
    <Stack as="ul" aria-label={label} listStyleType="none" gap="2" hideFrom="lg">
      {items.map((b) => (
        <Stack as="li" key={b.id} gap="1" borderWidth="1px" rounded="md" px="3" py="2.5">
          <HStack justify="space-between" gap="2">
            <Text fontWeight="semibold">{b.date}</Text>
            <BookingStatusBadge status={b.status} />
          </HStack>
          <HStack justify="space-between" align="flex-end" flexWrap="wrap" gap="2">
            <Stack gap="0" fontSize="sm" minW="0">
              <Text>
                {bookingSlot(b)} · {b.sessionType}
              </Text>
              {/* Name and e-mail on lines of their own: an address breaks only when it is longer than the card. */}
              {b.user && (
                <>
                  <Text color="fg.muted" overflowWrap="break-word">
                    {b.user.username}
                  </Text>
                  <Text color="fg.muted" overflowWrap="break-word">
                    {b.user.email}
                  </Text>
                </>
              )}
            </Stack>
            <HStack gap="2" ml="auto" flexWrap="wrap" justify="flex-end" _empty={{ display: 'none' }}>
              {actions(b)}
            </HStack>
          </HStack>
        </Stack>
      ))}
    </Stack>
  );
}
