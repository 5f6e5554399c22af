import { graphql } from '../../gql';

/** What every booking table row shows; the lists and a new booking share it so the cache holds one shape. */
export const BookingRowFragment = graphql(`
  fragment BookingRow_booking on Booking {
    id
    date
    startTime
    endTime
    sessionType
    status
  }
`);
