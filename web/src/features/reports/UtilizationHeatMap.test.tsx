import { screen } from '@testing-library/react';
import { renderAt } from '../../test/render';
import { isoDay, savedReports } from './saved-reports';
import { UtilizationHeatMap } from './UtilizationHeatMap';

const heatMap = Array.from({ length: 7 * 24 }, (_, i) => {
  const weekday = Math.floor(i / 24) + 1;
  const hour = i % 24;
  const open = hour >= 10;
  return {
    __typename: 'UtilizationCell' as const,
    weekday,
    hour,
    availableHours: open ? 24 : 0,
    occupancy: weekday === 5 && hour === 20 ? 0.5 : weekday === 5 && hour === 21 ? 0.25 : 0,
  };
});

describe('UtilizationHeatMap', () => {
  it('draws 7 × 24 cells labelled with their share, closed hours as closed', () => {
    renderAt('/reports', <UtilizationHeatMap report={{ heatMap }} />);
    expect(screen.getAllByRole('cell')).toHaveLength(168);
    expect(screen.getByRole('cell', { name: 'Fri 20:00, 50% booked' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Fri 21:00, 25% booked' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Mon 9:00, closed' })).toBeInTheDocument();
    expect(screen.getByText(/The darkest cell is 50% booked/)).toBeInTheDocument();
  });
});

describe('saved reports', () => {
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
