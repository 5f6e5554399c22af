import { Box, Grid, Text, VisuallyHidden } from '@chakra-ui/react';
import { useState, type KeyboardEvent } from 'react';
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
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const percent = (value: number) => `${Math.round(value * 100)}%`;

/**
 * Where a key of the WAI-ARIA grid pattern takes the focus from `[row, column]` in a grid of `rows` × `columns`
 * cells: arrows one cell (stopping at the edges, no wrapping), Home and End to the ends of the row, with Ctrl to the
 * first and last cell of the grid. Undefined for any other key, which is left to the browser.
 */
function nextCell(
  event: KeyboardEvent,
  [row, column]: [number, number],
  rows: number,
  columns: number,
): [number, number] | undefined {
  // Alt and Meta with an arrow are the browser's (Back, Forward, line start and end), not the grid's.
  if (event.altKey || event.metaKey) return undefined;
  switch (event.key) {
    case 'ArrowRight':
      return [row, Math.min(column + 1, columns - 1)];
    case 'ArrowLeft':
      return [row, Math.max(column - 1, 0)];
    case 'ArrowDown':
      return [Math.min(row + 1, rows - 1), column];
    case 'ArrowUp':
      return [Math.max(row - 1, 0), column];
    case 'Home':
      return event.ctrlKey ? [0, 0] : [row, 0];
    case 'End':
      return event.ctrlKey ? [rows - 1, columns - 1] : [row, columns - 1];
  }
}

/**
 * Weekday × hour occupancy as a CSS grid: the darker the cell, the fuller the stations.
 * Shades are relative to the busiest cell so a quiet month still shows its pattern;
 * each open cell prints its share too, so the map reads without telling colours apart. Only the hours open on some
 * day get a column (10 to 23 for the usual hours), so the map fits a phone without scrolling sideways.
 *
 * The map is one tab stop (a WAI-ARIA grid with a roving tabindex): the arrow keys, Home and End move between cells,
 * and the line under the map spells out the focused one, for sighted keyboard users who get no hover title. A tap
 * focuses a cell too.
 */
export function UtilizationHeatMap({ report }: { report: UtilizationHeatMap_ReportFragment }) {
  const busiest = Math.max(0, ...report.heatMap.map((cell) => cell.occupancy));
  const cells = new Map(report.heatMap.map((cell) => [`${cell.weekday}:${cell.hour}`, cell]));
  const hours = HOURS.filter((hour) => report.heatMap.some((cell) => cell.hour === hour && cell.availableHours > 0));
  const anyClosed = hours.some((hour) => DAYS.some((_, i) => !(cells.get(`${i + 1}:${hour}`)?.availableHours ?? 0)));

  // The cell that takes the tab stop, kept within the columns when another range has fewer.
  const [active, setActive] = useState<[number, number]>([0, 0]);
  const [row, column] = [active[0], Math.min(active[1], hours.length - 1)];
  const [reading, setReading] = useState(false);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = nextCell(event, [row, column], DAYS.length, hours.length);
    if (!next) return;
    event.preventDefault(); // the arrows and Home/End would scroll the page
    event.currentTarget.querySelectorAll<HTMLElement>('[role="gridcell"]')[next[0] * hours.length + next[1]].focus();
  };

  const activeCell = cells.get(`${row + 1}:${hours[column]}`);
  const activeShare = (activeCell?.availableHours ?? 0) > 0 ? `${percent(activeCell!.occupancy)} booked` : 'closed';

  // A range before any station was in service (or with every station switched off): nothing to shade, and grey
  // "closed" cells would say the venue was shut.
  if (hours.length === 0)
    return (
      <Text color="fg.muted" data-testid="utilization-heat-map">
        No station was in service in this range.
      </Text>
    );

  return (
    // Padded out of the card's padding so the focus ring of an edge cell is not cut by the scrolling box.
    <Box overflowX="auto" p="1" m="-1" data-testid="utilization-heat-map">
      <Grid
        role="grid"
        aria-label="Station occupancy by weekday and hour"
        templateColumns={`2rem repeat(${hours.length}, minmax(1rem, 1fr))`}
        gap="2px"
        minW={`calc(2rem + ${hours.length} * (1rem + 2px))`}
        fontSize="2xs"
        onKeyDown={onKeyDown}
        onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setReading(false)}
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
            {hours.map((hour, hourIndex) => {
              const cell = cells.get(`${index + 1}:${hour}`);
              const open = (cell?.availableHours ?? 0) > 0;
              const share = open && busiest > 0 ? (cell!.occupancy / busiest) * 100 : 0;
              // No text reaches 4.5:1 on the dark mode's shades near 60% (as far in luminance from white as from
              // black), so the shades skip 56 to 64%: light text below, dark text above.
              const shade = share < 60 ? Math.min(share, 55) : Math.max(share, 65);
              const booked = open ? Math.round(cell!.occupancy * 100) : undefined;
              const label = open
                ? `${day} ${hour}:00, ${percent(cell!.occupancy)} booked`
                : `${day} ${hour}:00, closed`;
              return (
                <Box
                  key={hour}
                  role="gridcell"
                  aria-label={label}
                  title={label}
                  tabIndex={index === row && hourIndex === column ? 0 : -1}
                  onFocus={() => {
                    setActive([index, hourIndex]);
                    setReading(true);
                  }}
                  h="6"
                  rounded="sm"
                  borderWidth={open ? '1px' : '0'}
                  borderColor="border"
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  fontVariantNumeric="tabular-nums"
                  // "100" at the usual size is wider than a cell on a phone
                  fontSize={booked === 100 ? { base: '0.5rem', sm: 'inherit' } : undefined}
                  // The quiet hours' zeros are muted so the busy hours stand out.
                  color={share >= 60 ? 'accent.contrast' : share > 0 ? 'fg' : 'fg.muted'}
                  // On any focus, not only the keyboard's: the line under the map names the cell a tap focused.
                  focusRing="outside"
                  focusRingColor="fg"
                  focusRingOffset="px"
                  style={{
                    background: open
                      ? `color-mix(in srgb, var(--chakra-colors-accent-solid) ${shade.toFixed(0)}%, transparent)`
                      : 'var(--chakra-colors-bg-muted)',
                  }}
                >
                  {booked}
                </Box>
              );
            })}
          </Box>
        ))}
      </Grid>
      <Text mt="2" fontSize="sm" color={reading ? 'fg' : 'fg.muted'}>
        {reading
          ? `${DAY_NAMES[row]} ${hours[column]}:00: ${activeShare}`
          : 'Select a cell to read it; arrow keys move.'}
      </Text>
      <Text mt="1" fontSize="xs" color="fg.muted">
        Venue time.{anyClosed && ' Grey: closed.'}{' '}
        {busiest > 0
          ? `Each cell shows its % booked; the more colour, the busier: the busiest cell is ${percent(busiest)} booked.`
          : 'No bookings in this range.'}
      </Text>
    </Box>
  );
}
