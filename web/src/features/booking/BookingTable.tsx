import type { ReactNode } from 'react';
import { Box, Stack, Table } from '@chakra-ui/react';
import type { BookingRow_BookingFragment, BookingSortField } from '../../gql/graphql';
import { Pager } from '../../components/Pager';
import { BOOKINGS_PAGE_SIZE } from './page-size';
import { BookingStatusBadge } from './BookingStatusBadge';
import { BookingCards } from './BookingCards';

type Row = BookingRow_BookingFragment & { user?: { username: string; email: string } };

/** What a data column shows in each row: the same in My Bookings and All reservations. */
/** A name or address of one long word (60 characters may be) wraps in its column rather than pushing the others out. */
function Person({ children }: { children: ReactNode }) {
  return (
    <Box maxW="15rem" whiteSpace="normal" overflowWrap="anywhere">
      {children}
    </Box>
  );
}

const CELLS: Record<BookingSortField, (b: Row) => ReactNode> = {
  username: (b) => <Person>{b.user?.username}</Person>,
  email: (b) => <Person>{b.user?.email}</Person>,
  date: (b) => b.date,
  startTime: (b) => b.startTime,
  endTime: (b) => b.endTime,
  sessionType: (b) => b.sessionType,
  status: (b) => <BookingStatusBadge status={b.status} />,
};

export type BookingColumn = {
  field: BookingSortField;
  /** The header's content: its text, or a sort button. */
  header: ReactNode;
  sort?: 'ascending' | 'descending' | 'none';
};

export type BookingActionColumn<B> = { header: string; cell: (booking: B) => ReactNode };

/**
 * A page of bookings: a table on wide screens (data columns, then action columns), cards with the same data and
 * actions on a phone, and the page buttons under them.
 */
export function BookingTable<B extends Row>({
  label,
  items,
  columns,
  actionColumns,
  cardActions,
  page,
  total,
  onPageChange,
  pagerLabel,
}: {
  label: string;
  items: B[];
  columns: BookingColumn[];
  actionColumns: BookingActionColumn<B>[];
  cardActions: (booking: B) => ReactNode;
  page: number;
  total: number;
  onPageChange: (page: number) => void;
  pagerLabel: string;
}) {
  return (
    <Stack gap="3">
      <Table.ScrollArea borderWidth="1px" rounded="md" hideBelow="lg">
        <Table.Root size="sm" aria-label={label}>
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                <Table.ColumnHeader key={c.field} aria-sort={c.sort}>
                  {c.header}
                </Table.ColumnHeader>
              ))}
              {actionColumns.map((c) => (
                <Table.ColumnHeader key={c.header}>{c.header}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((b) => (
              <Table.Row key={b.id}>
                {columns.map((c) => (
                  <Table.Cell key={c.field} whiteSpace={c.field === 'date' ? 'nowrap' : undefined}>
                    {CELLS[c.field](b)}
                  </Table.Cell>
                ))}
                {actionColumns.map((c) => (
                  <Table.Cell key={c.header}>{c.cell(b)}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <BookingCards label={label} items={items} actions={cardActions} />
      <Pager
        page={page}
        totalPages={Math.ceil(total / BOOKINGS_PAGE_SIZE)}
        onPageChange={onPageChange}
        label={pagerLabel}
      />
    </Stack>
  );
}
