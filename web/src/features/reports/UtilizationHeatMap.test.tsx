import { screen } from '@testing-library/react';
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
    expect(screen.getAllByRole('cell')).toHaveLength(7 * 14);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Day', // named for screen readers, not shown
      ...Array.from({ length: 14 }, (_, i) => String(10 + i)),
    ]);
    expect(screen.getByRole('cell', { name: 'Fri 20:00, 50% booked' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Fri 21:00, 25% booked' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Sun 23:00, closed' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Mon 9:00, closed' })).not.toBeInTheDocument();
    expect(screen.getByText(/the busiest cell is 50% booked/)).toBeInTheDocument();
    expect(screen.getByText(/Grey: closed\./)).toBeInTheDocument(); // Sunday 23:00
  });

  it('names grey only when a cell is grey, and says when nothing was booked', () => {
    const quiet = heatMap.map((cell) => ({ ...cell, availableHours: cell.hour >= 10 ? 24 : 0, occupancy: 0 }));
    renderAt('/reports', <UtilizationHeatMap report={{ heatMap: quiet }} />);
    expect(screen.getAllByRole('cell')).toHaveLength(7 * 14);
    expect(screen.getByText('Venue time. No bookings in this range.')).toBeInTheDocument();
    expect(screen.queryByText(/Grey/)).not.toBeInTheDocument();
    expect(screen.queryByText(/busiest/)).not.toBeInTheDocument();
  });

  it('draws all 24 hours when no station was open at all', () => {
    const closed = heatMap.map((cell) => ({ ...cell, availableHours: 0, occupancy: 0 }));
    renderAt('/reports', <UtilizationHeatMap report={{ heatMap: closed }} />);
    expect(screen.getAllByRole('cell')).toHaveLength(7 * 24);
    expect(screen.getByRole('cell', { name: 'Mon 9:00, closed' })).toBeInTheDocument();
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
