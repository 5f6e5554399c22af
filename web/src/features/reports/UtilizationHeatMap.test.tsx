import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../test/render';
import { isoDay, savedReports } from './saved-reports';
import { UtilizationHeatMap } from './UtilizationHeatMap';

const heatMap = Array.from({ length: 7 * 24 }, (_, i) => {
  const weekday = Math.floor(i / 24) + 1;
  const hour = i % 24;
  const open = hour >= 10 && !(weekday === 7 && hour === 23); // Sunday closes an hour early
  return {
    __typename: 'UtilizationCell' as const,
    weekday,
    hour,
    availableHours: open ? 24 : 0,
    occupancy: weekday === 5 && hour === 20 ? 0.5 : weekday === 5 && hour === 21 ? 0.25 : 0,
  };
});

describe('UtilizationHeatMap', () => {
  it('draws the hours open on some day (7 × 14 cells) labelled with their share, closed ones as closed', () => {
    renderAt('/reports', <UtilizationHeatMap report={{ heatMap }} />);
    expect(screen.getAllByRole('gridcell')).toHaveLength(7 * 14);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Day', // named for screen readers, not shown
      ...Array.from({ length: 14 }, (_, i) => String(10 + i)),
    ]);
    expect(screen.getByRole('gridcell', { name: 'Fri 20:00, 50% booked' })).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: 'Fri 21:00, 25% booked' })).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: 'Sun 23:00, closed' })).toBeInTheDocument();
    expect(screen.queryByRole('gridcell', { name: 'Mon 9:00, closed' })).not.toBeInTheDocument();
    expect(screen.getByText(/the busiest cell is 50% booked/)).toBeInTheDocument();
    expect(screen.getByText(/Grey: closed\./)).toBeInTheDocument(); // Sunday 23:00
  });

  it('names grey only when a cell is grey, and says when nothing was booked', () => {
    const quiet = heatMap.map((cell) => ({ ...cell, availableHours: cell.hour >= 10 ? 24 : 0, occupancy: 0 }));
    renderAt('/reports', <UtilizationHeatMap report={{ heatMap: quiet }} />);
    expect(screen.getAllByRole('gridcell')).toHaveLength(7 * 14);
    expect(screen.getByText('Venue time. No bookings in this range.')).toBeInTheDocument();
    expect(screen.queryByText(/Grey/)).not.toBeInTheDocument();
    expect(screen.queryByText(/busiest/)).not.toBeInTheDocument();
  });

  it('prints the share of each open hour in its cell, so it reads without telling colours apart', () => {
    renderAt('/reports', <UtilizationHeatMap report={{ heatMap }} />);
    expect(screen.getByRole('gridcell', { name: 'Fri 20:00, 50% booked' })).toHaveTextContent(/^50$/);
    expect(screen.getByRole('gridcell', { name: 'Fri 21:00, 25% booked' })).toHaveTextContent(/^25$/);
    expect(screen.getByRole('gridcell', { name: 'Mon 10:00, 0% booked' })).toHaveTextContent(/^0$/);
    expect(screen.getByRole('gridcell', { name: 'Sun 23:00, closed' })).toHaveTextContent(/^$/);
    expect(screen.getByText(/Each cell shows its % booked/)).toBeInTheDocument();
  });

  it('is one tab stop, whose arrow keys move the focus from cell to cell, the line under the map reading it', async () => {
    const user = userEvent.setup();
    renderAt('/reports', <UtilizationHeatMap report={{ heatMap }} />);
    expect(screen.getByText('Select a cell to read it; arrow keys move.')).toBeInTheDocument();
    expect(screen.getAllByRole('gridcell').filter((cell) => cell.tabIndex === 0)).toHaveLength(1);

    await user.tab();
    expect(screen.getByRole('gridcell', { name: 'Mon 10:00, 0% booked' })).toHaveFocus();
    expect(screen.getByText('Monday 10:00: 0% booked')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('gridcell', { name: 'Fri 10:00, 0% booked' })).toHaveFocus();
    await user.keyboard('{ArrowRight}'.repeat(10));
    expect(screen.getByRole('gridcell', { name: 'Fri 20:00, 50% booked' })).toHaveFocus();
    expect(screen.getByText('Friday 20:00: 50% booked')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowUp}');
    expect(screen.getByRole('gridcell', { name: 'Sat 23:00, 0% booked' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByText('Sunday 23:00: closed')).toBeInTheDocument();

    // Tab leaves the map (its line goes back to the hint); coming back lands on the cell left
    await user.tab();
    expect(document.body).toHaveFocus();
    expect(screen.getByText('Select a cell to read it; arrow keys move.')).toBeInTheDocument();
    await user.tab({ shift: true });
    expect(screen.getByRole('gridcell', { name: 'Sun 23:00, closed' })).toHaveFocus();
    expect(screen.getAllByRole('gridcell').filter((cell) => cell.tabIndex === 0)).toEqual([document.activeElement]);
  });

  it('goes to the ends of the row with Home and End, to the corners with Ctrl, and stops at the edges', async () => {
    const user = userEvent.setup();
    renderAt('/reports', <UtilizationHeatMap report={{ heatMap }} />);
    await user.tab();
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(screen.getByRole('gridcell', { name: 'Mon 10:00, 0% booked' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{End}');
    expect(screen.getByRole('gridcell', { name: 'Tue 23:00, 0% booked' })).toHaveFocus();
    expect(screen.getByText('Tuesday 23:00: 0% booked')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('gridcell', { name: 'Tue 23:00, 0% booked' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('gridcell', { name: 'Tue 10:00, 0% booked' })).toHaveFocus();
    await user.keyboard('{Control>}{End}{/Control}');
    expect(screen.getByRole('gridcell', { name: 'Sun 23:00, closed' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('gridcell', { name: 'Sun 23:00, closed' })).toHaveFocus();
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(screen.getByRole('gridcell', { name: 'Mon 10:00, 0% booked' })).toHaveFocus();
    expect(screen.getByText('Monday 10:00: 0% booked')).toBeInTheDocument();
  });

  it('leaves Alt and Meta with an arrow to the browser (Back, Forward), moving no cell', async () => {
    const user = userEvent.setup();
    renderAt('/reports', <UtilizationHeatMap report={{ heatMap }} />);
    await user.tab();
    await user.keyboard('{ArrowRight}');
    const cell = screen.getByRole('gridcell', { name: 'Mon 11:00, 0% booked' });
    expect(cell).toHaveFocus();
    for (const keys of ['{Alt>}{ArrowLeft}{/Alt}', '{Meta>}{ArrowRight}{/Meta}']) {
      const pressed = keydownsPrevented();
      await user.keyboard(keys);
      expect({ keys, focus: document.activeElement, prevented: pressed.prevented }).toEqual({
        keys,
        focus: cell,
        prevented: false,
      });
    }
  });

  it('reads a cell focused by a tap', async () => {
    const user = userEvent.setup();
    renderAt('/reports', <UtilizationHeatMap report={{ heatMap }} />);
    await user.click(screen.getByRole('gridcell', { name: 'Fri 21:00, 25% booked' }));
    expect(screen.getByRole('gridcell', { name: 'Fri 21:00, 25% booked' })).toHaveFocus();
    expect(screen.getByText('Friday 21:00: 25% booked')).toBeInTheDocument();
  });

  it('says no station was in service, rather than drawing every hour closed, for a range before any station', () => {
    const closed = heatMap.map((cell) => ({ ...cell, availableHours: 0, occupancy: 0 }));
    renderAt('/reports', <UtilizationHeatMap report={{ heatMap: closed }} />);
    expect(screen.getByText('No station was in service in this range.')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.queryByText(/closed/)).not.toBeInTheDocument();
  });
});

describe('saved reports', () => {
  it("count the venue's days, not the browser's", () => {
    // 03:00 UTC on March 2 is still March 1 in New York, and already noon in Tokyo
    const instant = new Date('2026-03-02T03:00:00Z');
    expect(isoDay(0, instant, 'America/New_York')).toBe('2026-03-01');
    expect(isoDay(0, instant, 'Asia/Tokyo')).toBe('2026-03-02');
    expect(isoDay(29, instant, 'America/New_York')).toBe('2026-01-31');
    expect(savedReports(instant, 'Asia/Tokyo')[0].variables).toMatchObject({ from: '2026-02-01', to: '2026-03-02' });
  });

  it('cover the last 30 days, today included', () => {
    const today = new Date(2026, 2, 1, 9, 0);
    expect(isoDay(0, today)).toBe('2026-03-01');
    expect(isoDay(29, today)).toBe('2026-01-31');
    const reports = savedReports(today);
    expect(reports.map((r) => r.title)).toEqual([
      'Sales by day',
      'Top products',
      'Station utilization',
      'Low stock',
      'Orders by status',
    ]);
    expect(reports[0].variables).toMatchObject({ from: '2026-01-31', to: '2026-03-01', groupBy: 'DAY' });
  });
});

/** Whether a keydown had its default prevented (the browser's own use of the key taken away), seen past React's root. */
function keydownsPrevented() {
  const seen = { prevented: false };
  document.addEventListener('keydown', (event) => (seen.prevented ||= event.defaultPrevented));
  return seen;
}
