import { ButtonGroup, IconButton, Pagination } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { useShowListTop } from './ListArea';

/**
 * Page buttons under a list; nothing at all when everything fits on one page. Under a ListArea, a page turn brings
 * the list's top into sight when it is above the screen.
 */
export function Pager({
  page,
  totalPages,
  onPageChange,
  label = 'Pages',
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  label?: string;
}) {
  const showListTop = useShowListTop();
  if (totalPages <= 1) return null;
  return (
    <Pagination.Root
      count={totalPages}
      pageSize={1}
      page={page}
      onPageChange={(e) => {
        onPageChange(e.page);
        showListTop?.();
      }}
      siblingCount={1}
      alignSelf="center"
      aria-label={label}
    >
      {/* Smaller and closer on a phone: first, last, the current page's neighbours and the arrows fit on one line. */}
      <ButtonGroup
        variant="ghost"
        size={{ base: 'xs', sm: 'sm' }}
        gap={{ base: '0', sm: '2' }}
        colorPalette="brand"
        wrap="wrap"
      >
        <Pagination.PrevTrigger asChild>
          <IconButton aria-label="Previous page">
            <LuChevronLeft />
          </IconButton>
        </Pagination.PrevTrigger>
        <Pagination.Items
          render={(item) => (
            <IconButton variant={{ base: 'ghost', _selected: 'solid' }} aria-label={`Page ${item.value}`}>
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
