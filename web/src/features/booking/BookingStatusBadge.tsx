import { Badge } from '@chakra-ui/react';
import type { BookingStatus } from '../../gql/graphql';

/** Spec §4 chip colours: cancelled default (gray), upcoming primary, inprogress info, else secondary. */
const PALETTE: Record<BookingStatus, string> = {
  cancelled: 'gray',
  upcoming: 'brand',
  inprogress: 'blue',
  completed: 'purple',
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge colorPalette={PALETTE[status] ?? 'purple'} variant="solid">
      {status.toUpperCase()}
    </Badge>
  );
}
