import {
  Card,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Stat,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useEffect, useRef, type ReactNode } from 'react';
import { LoadFailed } from '../../components/LoadFailed';
import { graphql } from '../../gql';
import type { ReportPeriod } from '../../gql/graphql';
import { serverCode, serverField, serverMessage } from '../../lib/errors';
import { formatPrice } from '../../lib/money';
import { isoDay } from './saved-reports';
import { VenueTimeZone } from '../../lib/venue-time';
import { SalesChart } from './SalesChart';
import { TopProductsChart } from './TopProductsChart';
import { UtilizationHeatMap } from './UtilizationHeatMap';
import { useSearchText } from '../../lib/use-search-text';

export const ReportsPageQuery = graphql(`
  query ReportsPage($from: String!, $to: String!, $groupBy: ReportPeriod!) {
    salesReport(from: $from, to: $to, groupBy: $groupBy) {
      totals {
        orders
        grossRevenue
        averageOrderValue
        cancelledOrders
      }
      ...SalesChart_report
    }
    topProducts(from: $from, to: $to, limit: 8, by: REVENUE) {
      ...TopProductsChart_product
    }
    bookingUtilization(from: $from, to: $to) {
      utilization
      bookedHours
      ...UtilizationHeatMap_report
    }
  }
`);

const PERIODS: { value: ReportPeriod; label: string }[] = [
  { value: 'DAY', label: 'Day' },
  { value: 'WEEK', label: 'Week' },
  { value: 'MONTH', label: 'Month' },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header pb="2">
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body pt="2">{children}</Card.Body>
    </Card.Root>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stat.Root borderWidth="1px" rounded="md" p="3">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontSize={{ base: 'xl', md: '2xl' }}>{value}</Stat.ValueText>
    </Stat.Root>
  );
}

/** How long a date field waits after the last key before the reports follow it. */
const DATE_TYPING_MS = 500;
/** The server's refusal of the range, which the field it names points to. */
const RANGE_ERROR_ID = 'report-range-error';

/** /reports (admins): the main reports drawn, over a date range kept in the URL. */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  // The default range is the venue's last 30 days, not the browser's: wait for its time zone to know them.
  const zone = useQuery(VenueTimeZone);
  const timeZone = zone.data?.venue.timeZone;
  const from = params.get('from') ?? isoDay(29, new Date(), timeZone);
  const to = params.get('to') ?? isoDay(0, new Date(), timeZone);
  const groupBy = (PERIODS.find((p) => p.value === params.get('groupBy'))?.value ?? 'DAY') as ReportPeriod;
  const waitingForZone = !timeZone && !(params.has('from') && params.has('to'));
  const { data, previousData, loading, error, refetch } = useQuery(ReportsPageQuery, {
    variables: { from, to, groupBy },
    skip: waitingForZone,
  });
  // Either query may fail (the network, a server restarting): the page says so and asks again on request, instead of
  // staying empty until a reload.
  // A range the server refuses as input (its dates in the wrong order, too long, a date it cannot read) is said at the
  // field it names, with no Try again: asked again, it would be refused again. The fields are where it is mended.
  const refused =
    serverCode(error) === 'BAD_USER_INPUT' ? { message: serverMessage(error), field: serverField(error) } : undefined;
  const failed = refused ? undefined : (error ?? (waitingForZone ? zone.error : undefined));
  // The last figures stay up while the next range loads, but not beside an error: they would pass for its answer.
  const shown = error ? undefined : (data ?? previousData);

  // What a change builds on: the last one made, even when two come before a render (both dates' pauses ending at once).
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  // A grouping picked is a history entry of its own, as a filter is in the other lists: Back goes to the one before. A
  // date replaces the entry: it goes to the URL at each pause in its typing, and Back does not step through those.
  const update = (key: string, value: string, { push = false } = {}) => {
    const next = new URLSearchParams(latest.current);
    next.set('from', next.get('from') ?? from);
    next.set('to', next.get('to') ?? to);
    next.set(key, value);
    latest.current = next;
    setParams(next, { replace: !push });
  };
  // A date shows as it is typed and goes to the URL (and the reports) once the typing stops, or the field is left: each
  // digit of a year makes a date (0002, 0020, 0202, 2025), and the field put back as the URL had it lost the browser's
  // place in the typing. Left, it is in the URL before the other field's typing begins (its min or max changing under
  // the typing would lose that place too).
  const [fromText, setFromText] = useSearchText(from, (day) => day && update('from', day), DATE_TYPING_MS);
  const [toText, setToText] = useSearchText(to, (day) => day && update('to', day), DATE_TYPING_MS);

  return (
    <Stack gap="6" py={{ base: '4', md: '8' }}>
      <Stack gap="2">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Reports
        </Heading>
        <Text color="fg.muted">
          Sales, best sellers and how full the stations were, in venue time. For other questions, open the{' '}
          <RouterLink to="/playground" style={{ textDecoration: 'underline' }}>
            reporting playground
          </RouterLink>
          .
        </Text>
      </Stack>

      <HStack
        as="form"
        role="search"
        aria-label="Report range"
        gap="3"
        wrap="wrap"
        align="end"
        onSubmit={(e) => e.preventDefault()}
      >
        <Field.Root w="auto" invalid={refused && refused.field !== 'to'}>
          <Field.Label>From</Field.Label>
          <Input
            type="date"
            aria-describedby={refused && refused.field !== 'to' ? RANGE_ERROR_ID : undefined}
            value={fromText}
            // The other field's date as typed, not as the URL has it yet: a bound changing under the typing (the other
            // field's commit as the keyboard leaves it) loses the browser's place in the date.
            max={toText || to}
            onChange={(e) => setFromText(e.target.value)}
            onBlur={() => fromText && fromText !== from && update('from', fromText)}
          />
        </Field.Root>
        <Field.Root w="auto" invalid={refused && refused.field !== 'from'}>
          <Field.Label>To</Field.Label>
          <Input
            type="date"
            aria-describedby={refused && refused.field !== 'from' ? RANGE_ERROR_ID : undefined}
            value={toText}
            min={fromText || from}
            onChange={(e) => setToText(e.target.value)}
            onBlur={() => toText && toText !== to && update('to', toText)}
          />
        </Field.Root>
        <Field.Root w="auto">
          <Field.Label>Group by</Field.Label>
          <NativeSelect.Root w="8rem">
            <NativeSelect.Field value={groupBy} onChange={(e) => update('groupBy', e.target.value, { push: true })}>
              {PERIODS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {loading && <Spinner size="sm" mb="3" role="status" aria-label="Loading reports" />}
      </HStack>

      {refused && (
        <Text id={RANGE_ERROR_ID} color="fg.error" role="alert" mt="-3">
          {refused.message ?? 'Please check the dates.'}
        </Text>
      )}

      {failed && (
        <LoadFailed
          message={serverMessage(failed) ?? 'The reports could not be loaded. Please try again.'}
          onRetry={() => (waitingForZone ? zone.refetch() : refetch())}
        />
      )}

      {shown && (
        <>
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
            <Figure label="Gross revenue" value={formatPrice(shown.salesReport.totals.grossRevenue)} />
            <Figure label="Orders" value={String(shown.salesReport.totals.orders)} />
            <Figure label="Average order" value={formatPrice(shown.salesReport.totals.averageOrderValue)} />
            <Figure
              label="Stations booked"
              value={`${Math.round(shown.bookingUtilization.utilization * 1000) / 10}%`}
            />
          </SimpleGrid>
          <Section title="Sales over time">
            {shown.salesReport.totals.orders > 0 ? (
              <SalesChart report={shown.salesReport} />
            ) : (
              <Text color="fg.muted">No sales in this range.</Text>
            )}
            <Text mt="2" fontSize="sm" color="fg.muted">
              Gross revenue: the totals (items, tax and shipping) of the orders placed, paid or not.
              {shown.salesReport.totals.cancelledOrders > 0 &&
                ` Not counted: ${shown.salesReport.totals.cancelledOrders} cancelled order${
                  shown.salesReport.totals.cancelledOrders === 1 ? '' : 's'
                }.`}
            </Text>
          </Section>
          <Section title="Top products">
            {shown.topProducts.length ? (
              <>
                <TopProductsChart products={shown.topProducts} />
                <Text mt="2" fontSize="sm" color="fg.muted">
                  Item revenue: what the products sold for, before tax and shipping.
                </Text>
              </>
            ) : (
              <Text color="fg.muted">No products sold in this range.</Text>
            )}
          </Section>
          <Section title="Station occupancy">
            <UtilizationHeatMap report={shown.bookingUtilization} />
          </Section>
        </>
      )}
    </Stack>
  );
}
