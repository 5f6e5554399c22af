import { ButtonGroup, IconButton, Pagination } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';

/** Page buttons under the grid; nothing when everything fits on one page. */
export function ShopPager({
  page,
  totalPages,
  onChange,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <Pagination.Root
      count={totalPages}
      pageSize={1}
      page={page}
      onPageChange={(e) => onChange(e.page)}
      alignSelf="center"
      aria-label="Shop pages"
    >
      <ButtonGroup variant="ghost" size="sm" colorPalette="brand">
        <Pagination.PrevTrigger asChild>
          <IconButton aria-label="Previous page">
            <LuChevronLeft />
          </IconButton>
        </Pagination.PrevTrigger>
        <Pagination.Items
          render={(p) => (
            <IconButton variant={{ base: 'ghost', _selected: 'solid' }} aria-label={`Page ${p.value}`}>
              {p.value}
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
