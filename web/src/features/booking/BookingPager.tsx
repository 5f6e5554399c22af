import { ButtonGroup, IconButton, Pagination } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';

/** Spec §9: both booking lists show 5 rows per page. */
export const BOOKINGS_PAGE_SIZE = 5;

export function BookingPager({ total, page, onPage }: { total: number; page: number; onPage: (page: number) => void }) {
  if (total <= BOOKINGS_PAGE_SIZE) return null;
  return (
    <Pagination.Root
      count={total}
      pageSize={BOOKINGS_PAGE_SIZE}
      page={page}
      onPageChange={(e) => onPage(e.page)}
      siblingCount={1}
    >
      <ButtonGroup variant="ghost" size="sm" wrap="wrap">
        <Pagination.PrevTrigger asChild>
          <IconButton aria-label="Previous page">
            <LuChevronLeft />
          </IconButton>
        </Pagination.PrevTrigger>
        <Pagination.Items
          render={(item) => (
            <IconButton variant={{ base: 'ghost', _selected: 'outline' }} aria-label={`Page ${item.value}`}>
              {item.value}
            </IconButton>
          )}
        />
        <Pagination.NextTrigger asChild>
          <IconButton aria-label="Next page">
            <LuChevronRight />
          </IconButton>
        </Pagination.NextTrigger>
      </ButtonGroup>
    </Pagination.Root>
  );
}
