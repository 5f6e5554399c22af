import { Box, Grid, Text, VisuallyHidden } from '@chakra-ui/react';
import { graphql } from '../../gql';
import type { UtilizationHeatMap_ReportFragment } from '../../gql/graphql';

graphql(`
  fragment UtilizationHeatMap_report on BookingUtilization {
    heatMap {
      weekday
      hour
      availableHours
      occupancy
    }
  }
`);

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const percent = (value: number) => `${Math.round(value * 100)}%`;

/**
 * Weekday × hour occupancy as a CSS grid: the darker the cell, the fuller the stations.
 * Shades are relative to the busiest cell so a quiet month still shows its pattern;
 * each cell's label gives the exact share. Only the hours open on some day get a column (10 to 23 for the usual
 * hours), so the map fits a phone without scrolling sideways.
 */
export function UtilizationHeatMap({ report }: { report: UtilizationHeatMap_ReportFragment }) {
  const busiest = Math.max(0, ...report.heatMap.map((cell) => cell.occupancy));
  const cells = new Map(report.heatMap.map((cell) => [`${cell.weekday}:${cell.hour}`, cell]));
  const openHours = HOURS.filter((hour) =>
    report.heatMap.some((cell) => cell.hour === hour && cell.availableHours > 0),
  );
  const hours = openHours.length > 0 ? openHours : HOURS;
  const anyClosed = hours.some((hour) => DAYS.some((_, i) => !(cells.get(`${i + 1}:${hour}`)?.availableHours ?? 0)));
  return (
    <Box overflowX="auto" data-testid="utilization-heat-map">
      <Grid
        role="table"
        aria-label="Station occupancy by weekday and hour"
        templateColumns={`2rem repeat(${hours.length}, minmax(1rem, 1fr))`}
        gap="2px"
        minW={`calc(2rem + ${hours.length} * (1rem + 2px))`}
        fontSize="2xs"
      >
        <Box role="row" display="contents">
          <Box role="columnheader">
            <VisuallyHidden>Day</VisuallyHidden>
          </Box>
          {hours.map((hour) => (
            <Text key={hour} role="columnheader" textAlign="center" color="fg.muted">
              {hour}
            </Text>
          ))}
        </Box>
        {DAYS.map((day, index) => (
          <Box key={day} role="row" display="contents">
            <Text role="rowheader" color="fg.muted" alignSelf="center">
              {day}
            </Text>
            {hours.map((hour) => {
              const cell = cells.get(`${index + 1}:${hour}`);
              const open = (cell?.availableHours ?? 0) > 0;
              const share = open && busiest > 0 ? (cell!.occupancy / busiest) * 100 : 0;
              const label = open
                ? `${day} ${hour}:00, ${percent(cell!.occupancy)} booked`
                : `${day} ${hour}:00, closed`;
              return (
                <Box
                  key={hour}
                  role="cell"
                  aria-label={label}
                  title={label}
                  h="6"
                  rounded="sm"
                  borderWidth={open ? '1px' : '0'}
                  borderColor="border"
                  style={{
                    background: open
                      ? `color-mix(in srgb, var(--chakra-colors-accent-solid) ${share.toFixed(0)}%, transparent)`
                      : 'var(--chakra-colors-bg-muted)',
                  }}
                />
              );
            })}
          </Box>
        ))}
      </Grid>
      <Text mt="2" fontSize="xs" color="fg.muted">
        Venue time.{anyClosed && ' Grey: closed.'}{' '}
        {busiest > 0
          ? `The more colour, the busier: the busiest cell is ${percent(busiest)} booked.`
          : 'No bookings in this range.'}
      </Text>
    </Box>
  );
}
