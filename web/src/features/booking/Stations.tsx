import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Badge, Box, Button, Field, HStack, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import type { SessionType, StationsList_StationFragment } from '../../gql/graphql';
import { ListArea } from '../../components/ListArea';
import { Notice } from '../../components/Notice';
import { FormField } from '../../components/FormField';
import { useFocusBack } from '../../lib/use-focus-back';
import { announce } from '../../lib/announce';
import { logFailure, serverMessage, useLoggedFailure } from '../../lib/errors';
import { SESSION_TYPES, SessionTypeOptions } from './BookingForm';

graphql(`
  fragment StationsList_station on Station {
    id
    sessionType
    name
    active
  }
`);

export const StationsList = graphql(`
  query StationsList {
    stations {
      ...StationsList_station
    }
  }
`);

export const StationsAdd = graphql(`
  mutation StationsAdd($sessionType: SessionType!, $name: String!) {
    addStation(sessionType: $sessionType, name: $name) {
      ...StationsList_station
    }
  }
`);

export const StationsRename = graphql(`
  mutation StationsRename($id: ID!, $name: String!) {
    renameStation(id: $id, name: $name) {
      ...StationsList_station
    }
  }
`);

export const StationsSetActive = graphql(`
  mutation StationsSetActive($id: ID!, $active: Boolean!) {
    setStationActive(id: $id, active: $active) {
      ...StationsList_station
    }
  }
`);

/** The server's own words for a name it would refuse, said before asking it. */
const STATION_NAME_RULE = 'A station name has 1 to 60 characters.';
const NAME_MAX = 60;

type Station = StationsList_StationFragment;

/** What is wrong with a station name as typed, if anything (the server has the last word: a name taken, say). */
const nameProblem = (name: string) => (name.trim() === '' || name.trim().length > NAME_MAX ? STATION_NAME_RULE : null);

/**
 * The admin's stations (ARCHITECTURE.md: each session type has a number of stations, and an admin can change them): by
 * session type, each in service or switched off, with a form to add one. A time is free while a station of its type is;
 * one switched off keeps the bookings it has and takes no new ones. Stations are never deleted: their bookings and the
 * utilization report refer to them.
 */
export function Stations() {
  const { data, previousData, loading, error, refetch } = useQuery(StationsList, { fetchPolicy: 'cache-and-network' });
  useLoggedFailure('Loading stations failed', error);
  const stations = (data ?? previousData)?.stations;
  // A failure of an action on a row: said above the list, where the form's own errors are not.
  const [failure, setFailure] = useState<string>();

  return (
    <Stack gap="4">
      <Heading as="h3" size="lg">
        Stations
      </Heading>
      <Text color="fg.muted">
        A session is booked on a station of its type, so a time is free while one of them is. A station switched off
        keeps its bookings and takes no new ones.
      </Text>
      <AddStation onAdded={() => setFailure(undefined)} />
      {failure && (
        <Notice status="error" onClose={() => setFailure(undefined)}>
          {failure}
        </Notice>
      )}
      <ListArea
        label="Stations"
        loading={!stations && loading}
        busy={loading}
        empty={!stations || stations.length === 0}
        emptyText="No stations yet."
        failed={error && !stations ? { message: 'Failed to load the stations.', retry: () => refetch() } : undefined}
      >
        {stations && (
          <Stack gap="6">
            {SESSION_TYPES.map((type) => (
              <StationGroup
                key={type}
                type={type}
                stations={stations.filter((s) => s.sessionType === type)}
                onFailure={setFailure}
              />
            ))}
          </Stack>
        )}
      </ListArea>
    </Stack>
  );
}

function AddStation({ onAdded }: { onAdded: () => void }) {
  const [sessionType, setSessionType] = useState<SessionType>('VR');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const [add, { loading }] = useMutation(StationsAdd, { refetchQueries: ['StationsList'], awaitRefetchQueries: true });
  // Busy, the button is disabled, which drops the keyboard's focus on the page: it takes it back once done.
  const addButton = useFocusBack<HTMLButtonElement>(loading);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const wrong = nameProblem(name);
    setProblem(wrong ?? undefined);
    if (wrong) return;
    try {
      const { data } = await add({ variables: { sessionType, name: name.trim() } });
      setName('');
      onAdded();
      announce(`${data?.addStation.name ?? 'The station'} added to ${sessionType}.`);
    } catch (e) {
      logFailure('Adding a station failed', e);
      setProblem(serverMessage(e) ?? 'Could not add the station. Please try again.');
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Add a station">
      <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'flex-start' }}>
        <Field.Root maxW={{ md: '48' }}>
          <Field.Label>Session type</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={sessionType} onChange={(e) => setSessionType(e.target.value as SessionType)}>
              <SessionTypeOptions />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Box flex="1">
          <FormField label="New station name" error={problem} touched={Boolean(problem)}>
            <Input
              value={name}
              maxLength={NAME_MAX}
              placeholder="VR 5"
              onChange={(e) => {
                setName(e.target.value);
                setProblem(undefined);
              }}
            />
          </FormField>
        </Box>
        <Button ref={addButton} type="submit" colorPalette="brand" loading={loading} mt={{ md: '6' }}>
          Add station
        </Button>
      </Stack>
    </form>
  );
}

function StationGroup({
  type,
  stations,
  onFailure,
}: {
  type: SessionType;
  stations: Station[];
  onFailure: (message: string | undefined) => void;
}) {
  const heading = useId();
  const inService = stations.filter((s) => s.active).length;
  return (
    <Box as="section" aria-labelledby={heading}>
      <Heading as="h4" size="md" id={heading}>
        {type}{' '}
        <Text as="span" fontWeight="normal" color="fg.muted" fontSize="sm">
          {stations.length === 0
            ? '· none yet: it cannot be booked'
            : `· ${inService} of ${stations.length} in service`}
        </Text>
      </Heading>
      {stations.length > 0 && (
        <Box as="ul" listStyleType="none" mt="2" borderTopWidth="1px">
          {stations.map((station) => (
            <StationRow key={station.id} station={station} onFailure={onFailure} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function StationRow({ station, onFailure }: { station: Station; onFailure: (message: string | undefined) => void }) {
  const [renaming, setRenaming] = useState(false);
  const [setActive, { loading: switching }] = useMutation(StationsSetActive);
  const switchButton = useFocusBack<HTMLButtonElement>(switching);
  // The rename form goes with its Save or Cancel: the keyboard goes back to the Rename button that opened it.
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasRenaming = useRef(false);
  useEffect(() => {
    if (wasRenaming.current && !renaming) renameButton.current?.focus();
    wasRenaming.current = renaming;
  }, [renaming]);

  const toggle = async () => {
    const active = !station.active;
    try {
      await setActive({ variables: { id: station.id, active } });
      onFailure(undefined);
      announce(active ? `${station.name} is in service.` : `${station.name} is switched off.`);
    } catch (e) {
      logFailure('Switching a station failed', e);
      onFailure(serverMessage(e) ?? `Could not switch ${station.name} ${active ? 'on' : 'off'}. Please try again.`);
    }
  };

  return (
    <Box as="li" borderBottomWidth="1px" py="3">
      {renaming ? (
        <RenameStation station={station} onDone={() => setRenaming(false)} />
      ) : (
        <HStack gap="3" wrap="wrap">
          <Text fontWeight="medium" flex="1" minW="8rem" overflowWrap="anywhere">
            {station.name}
          </Text>
          <Badge colorPalette={station.active ? 'green' : 'gray'} variant="subtle">
            {station.active ? 'In service' : 'Switched off'}
          </Badge>
          <HStack gap="2">
            <Button
              ref={renameButton}
              size="sm"
              variant="outline"
              aria-label={`Rename ${station.name}`}
              onClick={() => setRenaming(true)}
            >
              Rename
            </Button>
            <Button
              ref={switchButton}
              size="sm"
              variant="outline"
              loading={switching}
              aria-label={station.active ? `Switch off ${station.name}` : `Switch on ${station.name}`}
              onClick={() => void toggle()}
            >
              {station.active ? 'Switch off' : 'Switch on'}
            </Button>
          </HStack>
        </HStack>
      )}
    </Box>
  );
}

function RenameStation({ station, onDone }: { station: Station; onDone: () => void }) {
  const [name, setName] = useState(station.name);
  const [problem, setProblem] = useState<string>();
  const [rename, { loading }] = useMutation(StationsRename);
  const saveButton = useFocusBack<HTMLButtonElement>(loading);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const wrong = nameProblem(name);
    setProblem(wrong ?? undefined);
    if (wrong) return;
    if (name.trim() === station.name) return onDone();
    try {
      const { data } = await rename({ variables: { id: station.id, name: name.trim() } });
      onDone();
      announce(`${station.name} renamed ${data?.renameStation.name ?? name.trim()}.`);
    } catch (e) {
      logFailure('Renaming a station failed', e);
      setProblem(serverMessage(e) ?? 'Could not rename the station. Please try again.');
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={`Rename ${station.name}`}>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="2" align={{ sm: 'flex-start' }}>
        <Box flex="1" minW="10rem">
          <FormField label={`New name for ${station.name}`} error={problem} touched={Boolean(problem)}>
            <Input
              value={name}
              maxLength={NAME_MAX}
              autoFocus
              onChange={(e) => {
                setName(e.target.value);
                setProblem(undefined);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Escape') onDone();
              }}
            />
          </FormField>
        </Box>
        {/* beside the field, level with it under its label; under it on a phone */}
        <HStack gap="2" mt={{ sm: '7' }}>
          <Button ref={saveButton} type="submit" size="md" colorPalette="brand" loading={loading}>
            Save
          </Button>
          <Button type="button" size="md" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
