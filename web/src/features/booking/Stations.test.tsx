import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { GraphQLError } from 'graphql';
import { system } from '../../app/theme';
import { Stations, StationsAdd, StationsList, StationsRename, StationsSetActive } from './Stations';
import { forgetSpoken, spoken } from '../../test/spoken';

const station = (id: string, sessionType: string, name: string, active = true) => ({
  __typename: 'Station' as const,
  id,
  sessionType,
  name,
  active,
});
const vr1 = station('s1', 'VR', 'VR 1');
const vr2 = station('s2', 'VR', 'VR 2', false);
const pc1 = station('s3', 'PC', 'PC 1');

const list = (stations: object[]): MockLink.MockedResponse => ({
  request: { query: StationsList },
  result: { data: { stations } },
});

function renderStations(mocks: MockLink.MockedResponse[]) {
  return render(
    <ChakraProvider value={system}>
      <MockedProvider mocks={mocks}>
        <Stations />
      </MockedProvider>
    </ChakraProvider>,
  );
}

const group = (name: RegExp) => screen.getByRole('region', { name });

describe('Stations (admin)', () => {
  beforeEach(() => forgetSpoken());

  it('lists the stations by session type, with how many are in service, and says which types have none', async () => {
    renderStations([list([vr1, vr2, pc1])]);
    expect(await screen.findByText('VR 1')).toBeInTheDocument();
    expect(group(/^VR/)).toHaveAccessibleName('VR · 1 of 2 in service');
    expect(group(/^PC/)).toHaveAccessibleName('PC · 1 of 1 in service');
    expect(group(/^Console/)).toHaveAccessibleName('Console · none yet: it cannot be booked');
    const vr = within(group(/^VR/));
    expect(within(vr.getByText('VR 1').closest('li')!).getByText('In service')).toBeInTheDocument();
    expect(within(vr.getByText('VR 2').closest('li')!).getByText('Switched off')).toBeInTheDocument();
    expect(vr.getByRole('button', { name: 'Switch off VR 1' })).toBeInTheDocument();
    expect(vr.getByRole('button', { name: 'Switch on VR 2' })).toBeInTheDocument();
  });

  it('refuses an empty name before asking, shows the server refusing a taken one, and adds a good one', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const added = station('s9', 'PC', 'PC 2');
    const blank = jest.fn(() => ({ data: { addStation: station('s8', 'PC', '') } }));
    renderStations([
      list([vr1, pc1]),
      { request: { query: StationsAdd, variables: { sessionType: 'PC', name: '' } }, result: blank },
      {
        request: { query: StationsAdd, variables: { sessionType: 'PC', name: 'PC 1' } },
        result: { errors: [new GraphQLError('A station with this name already exists.')] },
      },
      {
        request: { query: StationsAdd, variables: { sessionType: 'PC', name: 'PC 2' } },
        result: { data: { addStation: added } },
      },
      list([vr1, pc1, added]),
    ]);
    await screen.findByText('VR 1');
    const form = within(screen.getByRole('form', { name: 'Add a station' }));
    await userEvent.selectOptions(form.getByLabelText('Session type'), 'PC');
    await userEvent.type(form.getByLabelText('New station name'), '   ');
    await userEvent.click(form.getByRole('button', { name: 'Add station' }));
    expect(form.getByText('A station name has 1 to 60 characters.')).toBeInTheDocument();
    await waitFor(() =>
      expect(form.getByLabelText('New station name')).toHaveAccessibleDescription(
        'A station name has 1 to 60 characters.',
      ),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 100))); // time enough for a request, were one sent
    expect(blank).not.toHaveBeenCalled();

    await userEvent.clear(form.getByLabelText('New station name'));
    expect(form.queryByText('A station name has 1 to 60 characters.')).toBeNull();
    await userEvent.type(form.getByLabelText('New station name'), 'PC 1');
    await userEvent.click(form.getByRole('button', { name: 'Add station' }));
    expect(await form.findByText('A station with this name already exists.')).toBeInTheDocument();
    expect(form.getByLabelText('New station name')).toHaveValue('PC 1');

    await userEvent.clear(form.getByLabelText('New station name'));
    await userEvent.type(form.getByLabelText('New station name'), ' PC 2 ');
    await userEvent.click(form.getByRole('button', { name: 'Add station' }));
    expect(await within(group(/^PC/)).findByText('PC 2')).toBeInTheDocument();
    expect(group(/^PC/)).toHaveAccessibleName('PC · 2 of 2 in service');
    expect(form.getByLabelText('New station name')).toHaveValue('');
    await waitFor(() => expect(spoken()).toBe('PC 2 added to PC.'));
  });

  it('switches a station off, saying so, and shows why a switch was refused', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderStations([
      list([vr1, pc1]),
      {
        request: { query: StationsSetActive, variables: { id: 's1', active: false } },
        result: { data: { setStationActive: { ...vr1, active: false } } },
      },
      {
        request: { query: StationsSetActive, variables: { id: 's3', active: false } },
        result: { errors: [new GraphQLError('Station not found.')] },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Switch off VR 1' }));
    expect(await screen.findByRole('button', { name: 'Switch on VR 1' })).toBeInTheDocument();
    expect(group(/^VR/)).toHaveAccessibleName('VR · 0 of 1 in service');
    await waitFor(() => expect(spoken()).toBe('VR 1 is switched off.'));

    await userEvent.click(screen.getByRole('button', { name: 'Switch off PC 1' }));
    expect(await screen.findByText('Station not found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch off PC 1' })).toBeInTheDocument();
  });

  it('renames in place: Escape gives up and Enter saves, each giving the keyboard back to Rename', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderStations([
      list([vr1, pc1]),
      {
        request: { query: StationsRename, variables: { id: 's1', name: 'PC 1' } },
        result: { errors: [new GraphQLError('A station with this name already exists.')] },
      },
      {
        request: { query: StationsRename, variables: { id: 's1', name: 'Beat Saber Rig' } },
        result: { data: { renameStation: { ...vr1, name: 'Beat Saber Rig' } } },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename VR 1' }));
    const input = screen.getByLabelText('New name for VR 1');
    expect(input).toHaveFocus();
    await userEvent.type(input, ' changed{Escape}');
    expect(screen.getByText('VR 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename VR 1' })).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Rename VR 1' }));
    await userEvent.clear(screen.getByLabelText('New name for VR 1'));
    await userEvent.type(screen.getByLabelText('New name for VR 1'), 'PC 1{Enter}');
    expect(await screen.findByText('A station with this name already exists.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('New name for VR 1')).toHaveAccessibleDescription(
        'A station with this name already exists.',
      ),
    );

    await userEvent.clear(screen.getByLabelText('New name for VR 1'));
    await userEvent.type(screen.getByLabelText('New name for VR 1'), 'Beat Saber Rig{Enter}');
    expect(await screen.findByText('Beat Saber Rig')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename Beat Saber Rig' })).toHaveFocus());
    await waitFor(() => expect(spoken()).toBe('VR 1 renamed Beat Saber Rig.'));
  });
});
