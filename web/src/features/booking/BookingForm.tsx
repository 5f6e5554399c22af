import { useEffect, useRef, useState } from 'react';
import { Box, Button, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { graphql } from '../../gql';
import type { SessionType } from '../../gql/graphql';
import { useCurrentUser } from '../../lib/auth';
import { useVenueTimeZone } from '../../lib/venue-time';
import { serverMessage, logFailure } from '../../lib/errors';
import { sendOnceMoreIfUnanswered, useCreationKey } from '../../lib/creation-key';
import { FormField } from '../../components/FormField';
import { LiveArea, Notice } from '../../components/Notice';
import { focusIsLost } from '../../lib/focus-lost';
import { MyBookingsList } from './MyBookings';
import { FUTURE_ONLY, lastBookableIso, slotProblem, todayIso, type SlotFields } from './booking-rules';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';

export const BookingFormCheck = graphql(`
  query BookingFormCheck($sessionType: SessionType!, $date: String!, $startTime: String!, $endTime: String!) {
    checkAvailability(sessionType: $sessionType, date: $date, startTime: $startTime, endTime: $endTime) {
      available
      freeStations
      reason
      alternatives {
        date
        startTime
        endTime
      }
    }
  }
`);

export const BookingFormCreate = graphql(`
  mutation BookingFormCreate(
    $sessionType: SessionType!
    $date: String!
    $startTime: String!
    $endTime: String!
    $creationKey: String
  ) {
    createBooking(
      sessionType: $sessionType
      date: $date
      startTime: $startTime
      endTime: $endTime
      creationKey: $creationKey
    ) {
      ...BookingRow_booking
    }
  }
`);

export const SESSION_TYPES: SessionType[] = ['VR', 'Console', 'PlayStation', 'PC', 'Other'];

/** The session types as a select's options, in the booking form and the stations' form alike. */
export function SessionTypeOptions() {
  return SESSION_TYPES.map((type) => (
    <option key={type} value={type}>
      {type}
    </option>
  ));
}
/** Spec §9: 'Booking confirmed!' and the availability reset after this long. */
const CONFIRMED_FOR_MS = 3000;

type Availability = {
  available: boolean;
  freeStations: number;
  reason?: string | null;
  alternatives: { startTime: string; endTime: string }[];
};
type Confirmation = { ok: true } | { ok: false; detail?: string };
/** Where a rule of spec §5 the slot breaks is alerted (spec): the fields it is about are described by it. */
const PROBLEM_ID = 'booking-slot-problem';
/** The fields a broken rule is about: the slot's end is what is over; otherwise the start is not before the end. */
const problemFields = (problem: string): (keyof SlotFields)[] =>
  problem === FUTURE_ONLY ? ['date', 'endTime'] : ['startTime', 'endTime'];

const schema = yup.object({
  sessionType: yup.string().required('Session type is required.'),
  date: yup.string().required('Date is required.'),
  startTime: yup.string().required('Start time is required.'),
  endTime: yup.string().required('End time is required.'),
});

/** Check a slot, then confirm it; any change to a field forgets both results (spec §4 Booking flow). */
export function BookingForm() {
  const user = useCurrentUser();
  const client = useApolloClient();
  // Slots are venue wall-clock times: "today" and "future" are the venue's.
  const timeZone = useVenueTimeZone();
  const [create, { loading: confirming }] = useMutation(BookingFormCreate);
  const [availability, setAvailability] = useState<Availability>();
  const [problem, setProblem] = useState<string>();
  const [confirmation, setConfirmation] = useState<Confirmation>();
  // One key per booking made: a new one once it is made, and for another slot (any field changed, a suggestion taken).
  // Checking the same slot again keeps it: a confirm whose answer was lost stays the one booking.
  const creation = useCreationKey();
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);
  // A busy button is disabled and Confirm goes once used, which drops the keyboard's focus on the page: it is taken
  // to the next step instead, Confirm when the slot is free, Check Availability otherwise (only if it was lost).
  const checkRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!availability || !focusIsLost()) return;
    (availability.available && !confirmation?.ok ? confirmRef : checkRef).current?.focus();
  }, [availability, confirmation]);

  const forget = () => {
    clearTimeout(resetTimer.current);
    setAvailability(undefined);
    setProblem(undefined);
    setConfirmation(undefined);
  };

  const check = async (values: SlotFields) => {
    forget();
    const broken = slotProblem(values, new Date(), timeZone);
    if (broken) {
      // Alerted (spec), and the fields it is about described by it. The keyboard stays: moved to a field described by
      // the alert as it is said, a screen reader would say it twice.
      setProblem(broken);
      return;
    }
    await lookUp(values);
  };

  /** Asks the server whether the slot is free (and for nearby free times when it is not). */
  const lookUp = async (values: SlotFields) => {
    try {
      const { data } = await client.query({
        query: BookingFormCheck,
        variables: { ...values, sessionType: values.sessionType as SessionType },
        fetchPolicy: 'network-only',
      });
      if (!data) throw new Error('No availability answer');
      setAvailability(data.checkAvailability);
    } catch (e) {
      logFailure('Availability check failed', e);
      setAvailability({
        available: false,
        freeStations: 0,
        reason: serverMessage(e) ?? 'Availability check failed.',
        alternatives: [],
      });
    }
  };

  const form = useFormik<SlotFields>({
    initialValues: { sessionType: 'VR', date: '', startTime: '', endTime: '' },
    validationSchema: schema,
    onSubmit: check,
  });
  const formRef = useFocusFirstInvalid(form);

  const change = (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    creation.renew();
    forget();
    form.handleChange(event);
  };

  const trySuggestion = async (slot: { startTime: string; endTime: string }) => {
    creation.renew();
    const next = { ...form.values, startTime: slot.startTime, endTime: slot.endTime };
    await form.setValues(next, false);
    await check(next);
  };

  const confirm = async () => {
    setConfirmation(undefined);
    const send = () =>
      create({
        variables: { ...form.values, sessionType: form.values.sessionType as SessionType, creationKey: creation.key },
        // Only the lists the new booking belongs in: the customer's upcoming ones, and an admin's All reservations
        // (refetched by name, whatever its filter, sort and page, when it is open).
        refetchQueries: [
          { query: MyBookingsList, variables: { status: ['upcoming'], page: 1 } },
          ...(user?.isAdmin ? ['AllReservationsList'] : []),
        ],
      });
    try {
      // A confirm that went unanswered may have been booked all the same (its answer lost), and the check that follows
      // a failure would then say "You already have a booking at this time": it is sent once more first, with the same
      // key, which answers with that booking if there is one, and books the slot if not.
      await sendOnceMoreIfUnanswered(send, 'Booking not answered, sent again');
      setConfirmation({ ok: true });
      creation.renew();
      resetTimer.current = setTimeout(() => {
        setConfirmation(undefined);
        setAvailability(undefined);
      }, CONFIRMED_FOR_MS);
    } catch (e) {
      logFailure('Booking failed', e);
      setConfirmation({ ok: false, detail: serverMessage(e) });
      // The slot was taken meanwhile, most likely: the availability shown must not go on saying it is free.
      await lookUp(form.values);
    }
  };

  const { values, errors, touched } = form;
  const problemProps = (field: keyof SlotFields) =>
    problem && problemFields(problem).includes(field) ? { 'aria-invalid': true, 'aria-describedby': PROBLEM_ID } : {};
  const complete = Boolean(values.sessionType && values.date && values.startTime && values.endTime);

  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate aria-label="Booking form">
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="Session type" error={errors.sessionType} touched={touched.sessionType} required>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="sessionType"
                value={values.sessionType}
                onChange={change}
                onBlur={form.handleBlur}
              >
                <SessionTypeOptions />
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label="Date" error={errors.date} touched={touched.date}>
            <Input
              type="date"
              name="date"
              {...problemProps('date')}
              min={todayIso(new Date(), timeZone)}
              max={lastBookableIso(new Date(), timeZone)}
              value={values.date}
              onChange={change}
              onBlur={form.handleBlur}
              required
            />
          </FormField>
          {(['startTime', 'endTime'] as const).map((name) => (
            <FormField
              key={name}
              label={name === 'startTime' ? 'Start time' : 'End time'}
              error={errors[name]}
              touched={touched[name]}
            >
              <Input
                type="time"
                name={name}
                value={values[name]}
                onChange={change}
                onBlur={form.handleBlur}
                required
                {...problemProps(name)}
              />
            </FormField>
          ))}
        </SimpleGrid>

        {problem && (
          <Box id={PROBLEM_ID}>
            <Notice status="error">{problem}</Notice>
          </Box>
        )}
        {/* The focus stays on the form as these come (Enter in a field, Confirm Booking): they are said where the page
            keeps a live region. Once booked, the count of free stations is out of date: the confirmation stands alone. */}
        <LiveArea gap="5">
          {availability?.available && !confirmation?.ok && (
            <Notice status="info" title="Available" saidElsewhere>
              {`${availability.freeStations} ${availability.freeStations === 1 ? 'station' : 'stations'} free for this slot.`}
            </Notice>
          )}
          {confirmation?.ok && (
            <Notice status="success" saidElsewhere>
              Booking confirmed!
            </Notice>
          )}
        </LiveArea>
        {availability && !availability.available && (
          <Stack gap="3">
            <Notice status="error" title="Not available">
              {availability.reason ?? undefined}
            </Notice>
            {availability.alternatives.length > 0 && (
              <HStack wrap="wrap" gap="2">
                <Text fontSize="sm" color="fg.muted">
                  Free that day:
                </Text>
                {/* the server picks the nearest free times; they read best in the day's order */}
                {[...availability.alternatives]
                  .sort((a, b) => a.startTime.localeCompare(b.startTime))
                  .map((slot) => (
                    <Button
                      key={slot.startTime}
                      size="sm"
                      variant="outline"
                      colorPalette="brand"
                      onClick={() => void trySuggestion(slot)}
                    >
                      {`${slot.startTime}–${slot.endTime}`}
                    </Button>
                  ))}
              </HStack>
            )}
          </Stack>
        )}
        {confirmation && !confirmation.ok && (
          <Notice status="error" title="Failed to confirm booking.">
            {confirmation.detail}
          </Notice>
        )}

        <HStack gap="3" wrap="wrap">
          <Button ref={checkRef} type="submit" colorPalette="brand" disabled={!complete} loading={form.isSubmitting}>
            Check Availability
          </Button>
          {availability?.available && !confirmation?.ok && (
            <Button ref={confirmRef} colorPalette="accent" onClick={() => void confirm()} loading={confirming}>
              Confirm Booking
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  );
}
